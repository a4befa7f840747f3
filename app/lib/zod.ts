import { z } from "zod";

/**
 * zod, configured for our CSP: without `jitless`, zod 4 probes `new Function` when a schema is
 * defined, which the browser reports as a script-src violation (Lighthouse best-practices).
 * Every browser-side schema imports `z` from here so the setting comes first.
 */
z.config({ jitless: true });

export { z };
