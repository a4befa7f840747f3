import { sanitizePostHtml } from "../../server/services/sanitize-html.ts";
import type { LandingBlock } from "../../shared/landing-pages.ts";

/**
 * The blocks of a page the editor posted, cleaned as a save cleans them: the rich text block's HTML through the
 * post sanitiser (server/services/sanitize-html.ts), so a script, an event handler or a `javascript:` link in
 * it never reaches the preview (docs/decisions/034, 038). Every other field is text, escaped when rendered.
 */
export function cleanedPreviewBlocks(blocks: LandingBlock[], siteUrl: string): LandingBlock[] {
  return blocks.map((block) => (block.type === "richText" ? { ...block, html: sanitizePostHtml(block.html, siteUrl) } : block));
}
