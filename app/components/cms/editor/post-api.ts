import type { PostInput } from "../../../../shared/post-schema.ts";
import type { FullPost } from "../../../../server/services/posts.ts";
import type { PostStatus } from "../../../../shared/post-status.ts";

/**
 * The post as the CMS posts API returns it (docs/product.md §3 "Blog post (editor / full)" plus `version`):
 * the server's own type, as JSON carries it (dates are ISO strings there too).
 */
export type EditablePost = FullPost;

/** docs/product.md §2: preview opens the public post page; an unpublished post needs ?preview=true. */
export function previewHref(post: { slug: string; status: PostStatus }) {
  return `/blog/${post.slug}${post.status === "published" ? "" : "?preview=true"}`;
}

/**
 * The body of a create or update (docs/product.md §7): empty optional fields are null; authorId names the chosen
 * author (null: the organisation), and a body without it keeps the post's (docs/decisions/044).
 */
export type PostPayload = Required<{ [K in Exclude<keyof PostInput, "authorId">]: Exclude<PostInput[K], undefined> }> & {
  authorId?: number | null;
  publishedAt: string | null;
  /** The post's tag names; the editor always sends them (docs/decisions/045). */
  tags: string[];
  /** PUT only: publish a draft that was published before with today's date (docs/decisions/062). */
  publishAsNew?: boolean;
};

/** Messages by field, as the editor shows them under each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** A non-successful answer (docs/product.md §7): its message is "{status}: {body message or text, or status text}". */
export class ApiError extends Error {
  status: number;
  body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }

  /** A refused field (400 `errors`, or the 409 of a taken slug): its messages by field, else null. */
  get fieldErrors(): FieldErrors | null {
    const errors = (this.body as { errors?: unknown } | null | undefined)?.errors;
    if (typeof errors !== "object" || errors === null) return null;
    const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return entries.length > 0 ? Object.fromEntries(entries) : null;
  }
}

/**
 * No answer at all (offline, or the server out of reach): the browser's own "Failed to fetch" says nothing to a
 * writer, so the message says it in words (docs/decisions/061).
 */
export class UnreachableError extends Error {
  constructor() {
    super("The server could not be reached");
  }
}

/** A JSON call to the CMS API; a non-successful answer throws an ApiError, no answer an UnreachableError. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new UnreachableError();
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): the text itself is the message.
  }
  if (!response.ok) {
    const detail = (json as { message?: unknown } | undefined)?.message;
    const message = typeof detail === "string" && detail ? detail : text || response.statusText;
    throw new ApiError(response.status, `${response.status}: ${message}`, json);
  }
  return json as T;
}

export const postsApi = {
  /** docs/product.md §7: the answer may be an array, in which case the first item is the post. */
  async get(id: number): Promise<EditablePost> {
    const answer = await request<EditablePost | EditablePost[]>("GET", `/api/cms/posts/${id}`);
    const post = Array.isArray(answer) ? answer[0] : answer;
    if (!post) throw new ApiError(404, "404: Not found", answer);
    return post;
  },
  create: (payload: PostPayload) => request<EditablePost>("POST", "/api/cms/posts", payload),
  /** `version` is the one the edit was based on; a 409 ApiError means someone saved in between. */
  update: (id: number, payload: PostPayload, version: number) =>
    request<EditablePost>("PUT", `/api/cms/posts/${id}`, { ...payload, version }),
  /** The review workflow (docs/decisions/032): `version` is the one just saved. */
  submit: (id: number, version: number) => request<EditablePost>("POST", `/api/cms/posts/${id}/submit`, { version }),
  sendBack: (id: number, note: string) => request<EditablePost>("POST", `/api/cms/posts/${id}/send-back`, { note }),
};

/** The image upload (decision 060): the file is the body; the server checks and re-encodes it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function uploadImage(file: File): Promise<string> {
  if (file.size === 0) throw new Error("The file is empty.");
  if (file.size > MAX_UPLOAD_BYTES) throw new Error("The image is larger than 10 MB.");
  const response = await fetch("/api/cms/media", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": file.type || "application/octet-stream", accept: "application/json" },
    body: file,
  });
  const json = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !json.url) throw new Error(json.message || `Upload failed (${response.status}).`);
  return json.url;
}
