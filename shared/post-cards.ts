/**
 * The post editor's cards (docs/decisions/076-post-cards.md): names the editor, the sanitiser and the public
 * page share. Browser-safe.
 */
export const CALLOUT_TYPES = ["info", "note", "warning", "success"] as const;
export type CalloutType = (typeof CALLOUT_TYPES)[number];

export const CALLOUT_LABELS: Record<CalloutType, string> = { info: "Info", note: "Note", warning: "Warning", success: "Success" };

/** The code block's languages, as stored in `<code class="language-…">`; "" is plain text. */
export const CODE_LANGUAGES = [
  { value: "", label: "Plain text" },
  { value: "bash", label: "Bash" },
  { value: "css", label: "CSS" },
  { value: "html", label: "HTML" },
  { value: "javascript", label: "JavaScript" },
  { value: "json", label: "JSON" },
  { value: "python", label: "Python" },
  { value: "sql", label: "SQL" },
  { value: "typescript", label: "TypeScript" },
  { value: "yaml", label: "YAML" },
  { value: "go", label: "Go" },
  { value: "java", label: "Java" },
  { value: "markdown", label: "Markdown" },
] as const;

/** The label and address of the "Book a Demo" preset of the button card (docs/product.md §1). */
export const BOOK_A_DEMO_LABEL = "Book a Demo";
