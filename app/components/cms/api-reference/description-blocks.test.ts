import { describe, expect, it } from "vitest";
import { parseDescription, parseInlines } from "./description-blocks.ts";

describe("parseInlines", () => {
  it("finds code, strong text and links between plain text", () => {
    expect(parseInlines("Send `version`, **always**, see [tokens](/cms/tokens).")).toEqual([
      { kind: "text", text: "Send " },
      { kind: "code", text: "version" },
      { kind: "text", text: ", " },
      { kind: "strong", text: "always" },
      { kind: "text", text: ", see " },
      { kind: "link", text: "tokens", href: "/cms/tokens" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps a link to anything but the web or this site as text", () => {
    expect(parseInlines("[x](javascript:alert(1)) [y](//evil.example)")).toEqual([
      { kind: "text", text: "[x](javascript:alert(1)" },
      { kind: "text", text: ") " },
      { kind: "text", text: "[y](//evil.example)" },
    ]);
  });
});

describe("parseDescription", () => {
  it("splits paragraphs on blank lines, joins wrapped lines and reads dash lines as a list", () => {
    expect(parseDescription("First line\nwraps here.\n\nThe rules:\n- one `a`\n- two\n\n- alone")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "First line wraps here." }] },
      { kind: "paragraph", inlines: [{ kind: "text", text: "The rules:" }] },
      {
        kind: "list",
        items: [
          [
            { kind: "text", text: "one " },
            { kind: "code", text: "a" },
          ],
          [{ kind: "text", text: "two" }],
        ],
      },
      { kind: "list", items: [[{ kind: "text", text: "alone" }]] },
    ]);
    expect(parseDescription("  \n\n ")).toEqual([]);
  });
});
