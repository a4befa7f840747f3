/**
 * CMS forms work without JavaScript (the action redirects) and, once hydrated, post a hidden
 * `_js=1`: the action then answers with data so the page can show the docs/product.md §8 toast and navigate.
 */
export const ENHANCED_FIELD = "_js";

export type ActionResult =
  | { ok: true; redirectTo?: string; message?: string }
  | { ok: false; message: string; errors?: Record<string, string> };
