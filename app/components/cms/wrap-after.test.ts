import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WrapAfter } from "./wrap-after.tsx";

const html = (text: string, marks: string) => renderToStaticMarkup(createElement(WrapAfter, { text, marks }));

describe("WrapAfter", () => {
  it("lets a URL break only after its slashes and dots", () => {
    expect(html("https://hooks.example.com/zuri-posts", "/.")).toBe("https://<wbr/>hooks.<wbr/>example.<wbr/>com/<wbr/>zuri-posts");
  });

  it("lets an event's name break after its dot", () => {
    expect(html("demo_request.created", ".")).toBe("demo_request.<wbr/>created");
  });
});
