/**
 * Embed cards (docs/decisions/076-post-cards.md): a YouTube, Vimeo or X address becomes a provider and an id,
 * each id checked by a strict pattern, so the stored card never carries a raw address or frame source. The
 * canonical link and the player's address are rebuilt from the pair, on the server (sanitiser) and in the
 * public page's click-to-load script. Browser-safe.
 */
export const EMBED_PROVIDERS = ["youtube", "vimeo", "x"] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

export interface Embed {
  provider: EmbedProvider;
  id: string;
}

export const EMBED_ID: Record<EmbedProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[0-9]{1,12}$/,
  x: /^[0-9]{1,20}$/,
};

export const EMBED_PROVIDER_NAMES: Record<EmbedProvider, string> = { youtube: "YouTube", vimeo: "Vimeo", x: "X" };

export function isEmbedProvider(value: string): value is EmbedProvider {
  return (EMBED_PROVIDERS as readonly string[]).includes(value);
}

export function isValidEmbed(provider: string, id: string): boolean {
  return isEmbedProvider(provider) && EMBED_ID[provider].test(id);
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const X_HOSTS = new Set(["x.com", "www.x.com", "twitter.com", "www.twitter.com", "mobile.twitter.com", "mobile.x.com"]);

/** The embed an address names, or null: http(s) only, known hosts and paths only, ids by pattern. */
export function parseEmbedUrl(raw: string): Embed | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  const found = (provider: EmbedProvider, id: string | null | undefined): Embed | null =>
    id && EMBED_ID[provider].test(id) ? { provider, id } : null;

  if (host === "youtu.be") return parts.length === 1 ? found("youtube", parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === "watch") return found("youtube", url.searchParams.get("v"));
    if (parts.length === 2 && ["shorts", "embed", "live", "v"].includes(parts[0]!)) return found("youtube", parts[1]);
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (host === "player.vimeo.com") return parts.length === 2 && parts[0] === "video" ? found("vimeo", parts[1]) : null;
    return parts.length === 1 ? found("vimeo", parts[0]) : null;
  }
  if (X_HOSTS.has(host)) {
    // /{user}/status/{id} and /i/web/status/{id}; nothing after the id.
    const at = parts.indexOf("status");
    const byUser = at === 1 && /^[A-Za-z0-9_]{1,15}$/.test(parts[0]!);
    const web = at === 2 && parts[0] === "i" && parts[1] === "web";
    if (!(byUser || web) || parts.length !== at + 2) return null;
    return found("x", parts[at + 1]);
  }
  return null;
}

/** The address a visitor without the player follows. */
export function embedPageUrl({ provider, id }: Embed): string {
  if (provider === "youtube") return `https://www.youtube.com/watch?v=${id}`;
  if (provider === "vimeo") return `https://vimeo.com/${id}`;
  return `https://x.com/i/status/${id}`;
}

/** The player's frame address, loaded only after the visitor's click (docs/decisions/076-post-cards.md). */
export function embedFrameUrl({ provider, id }: Embed): string {
  if (provider === "youtube") return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
  if (provider === "vimeo") return `https://player.vimeo.com/video/${id}?autoplay=1`;
  return `https://platform.twitter.com/embed/Tweet.html?id=${id}`;
}

/** The frame hosts the Content-Security-Policy allows (frame-src), one per provider. */
export const EMBED_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://platform.twitter.com"];

const STORED_EMBED = /(<figure class="embed-card" data-provider="(youtube|vimeo|x)" data-id="[A-Za-z0-9_-]+">\s*<a [^>]*>)([\s\S]*?)<\/a>/g;

/**
 * The blog's facade (docs/decisions/076-post-cards.md): each stored embed's link says where its content comes
 * from. Applied when the sanitised post is rendered; the stored HTML stays as the editor wrote it.
 */
export function withEmbedNotes(html: string): string {
  return html.replace(
    STORED_EMBED,
    (_match, open: string, provider: EmbedProvider, text: string) =>
      `${open}<span class="embed-card__title">${text}</span><span class="embed-card__note">Loads content from ${EMBED_PROVIDER_NAMES[provider]}</span></a>`,
  );
}
