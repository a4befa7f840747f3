import { parsePageInput } from "../../server/services/landing-pages.ts";
import { isRefusal } from "../../shared/refusal.ts";
import type { LandingPageInput } from "../../shared/landing-pages.ts";

/**
 * A page the editor posted to its preview, cleaned exactly as a save cleans it (server/services/landing-pages.ts
 * `parsePageInput`: plain text without control characters, the rich text through the post sanitiser), so a script,
 * an event handler or a `javascript:` link never reaches the preview (docs/decisions/034, 038). A draft's title and
 * slug may still be unfinished: they are not the save's to judge here. The field messages when it is refused.
 */
export function cleanedPreviewPage(page: LandingPageInput, siteUrl: string): LandingPageInput | { fields: Record<string, string> } {
  const cleaned = parsePageInput({ ...page, title: page.title || "Untitled page", slug: "preview" }, siteUrl);
  if (isRefusal(cleaned)) return { fields: cleaned.fields ?? { page: cleaned.message } };
  return { ...cleaned, title: page.title, slug: page.slug };
}
