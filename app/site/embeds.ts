import { EMBED_PROVIDER_NAMES, embedFrameUrl, isValidEmbed, type EmbedProvider } from "../../shared/embed.ts";

/**
 * Embed cards' click-to-load facade (docs/decisions/076-post-cards.md): nothing is asked of YouTube, Vimeo or X
 * until the reader clicks the placeholder; then the player's frame, built from the checked provider and id
 * only, takes its place. Without this script the placeholder is a plain link to the video or post.
 */
export function enhanceEmbeds(doc: Document = document) {
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("figure.embed-card > a");
    const figure = link?.parentElement;
    const provider = figure?.dataset.provider ?? "";
    const id = figure?.dataset.id ?? "";
    if (!link || !isValidEmbed(provider, id) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const frame = doc.createElement("iframe");
    frame.src = embedFrameUrl({ provider: provider as EmbedProvider, id });
    frame.title = `${link.querySelector(".embed-card__title")?.textContent ?? ""} (${EMBED_PROVIDER_NAMES[provider as EmbedProvider]})`;
    frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    link.replaceWith(frame);
    frame.focus();
  });
}
