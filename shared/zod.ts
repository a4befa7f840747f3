import { z } from "zod";

/**
 * zod, configured for our CSP: without `jitless`, zod 4 probes `new Function` when a schema is
 * defined, which the browser reports as a script-src violation (Lighthouse best-practices).
 * Every browser-side schema imports `z` from here so the setting comes first.
 */
z.config({ jitless: true });

export { z };

/**
 * `z.string()` for every text a visitor or client sends: it refuses U+0000, which no form needs and
 * PostgreSQL cannot store in a text column (a 500 there instead of a 400).
 */
export function text(label: string, params?: { error?: string }) {
  return z.string(params).refine((value) => !value.includes("\u0000"), `${label} must not contain NUL characters.`);
}
