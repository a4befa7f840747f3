import { Fragment } from "react";

/**
 * `text` with a line-break opportunity (<wbr>) after each of `marks`: a narrow column breaks a URL after its slashes
 * and dots ("hooks.example.com/" / "zuri/"), an event's name after its dot ("demo_request." / "created"), never
 * inside a word. A part longer than the line still needs the container's `[overflow-wrap:anywhere]`.
 */
export function WrapAfter({ text, marks }: { text: string; marks: string }) {
  const set = `[${marks.replace(/[\\\]^-]/g, "\\$&")}]`;
  // After a run of marks, not inside it: "https://" stays whole.
  const parts = text.split(new RegExp(`(?<=${set})(?!${set})`));
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
