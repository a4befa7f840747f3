import { useMemo } from "react";
import { readingMinutes, wordCount } from "../../../lib/blog.ts";

/** The content's word count and reading time, as the post page will show it (app/lib/blog.ts). */
export function ContentLength({ html }: { html: string }) {
  const words = useMemo(() => wordCount(html), [html]);
  // An empty post has no reading time yet (docs/decisions/061, "The editor's layout").
  return (
    <p className="text-sm text-muted-foreground" data-testid="content-length">
      {words === 0 ? "No words yet" : `${words.toLocaleString("en-US")} ${words === 1 ? "word" : "words"} · ${readingMinutes(words)} min read`}
    </p>
  );
}
