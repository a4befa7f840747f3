import { z } from "zod";

/**
 * The operational interface of docs/architecture.md, parsed once at boot.
 * A bad value stops the process with a message naming the variable.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optional(z.string().min(1)),
    SITE_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://zuri.example" }),
    ),
    DATABASE_URL: z
      .string()
      .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://user@host:port/database")
      .default("file:./data/zuri.db"),
    ADMIN_USERNAME: optional(z.string().min(1)),
    ADMIN_PASSWORD: optional(z.string().min(1)),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be smtp://… or smtps://…")),
    DEMO_NOTIFY_TO: optional(z.string().min(3)),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d+|loopback|[0-9a-fA-F.:/,\s]+)$/,
        "must be false, true, a hop count, loopback, or a comma-separated list of proxy addresses",
      )
      .default("false"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SESSION_IDLE_MINUTES: positiveInt(120),
    SESSION_MAX_HOURS: positiveInt(12),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    /**
     * Local development only: webhook URLs may be http:// and point at loopback or private
     * addresses (docs/decisions/073-webhooks.md). Never in production: it reopens SSRF.
     */
    WEBHOOKS_ALLOW_PRIVATE_URLS: z.enum(["true", "false"], "must be true or false").default("false").transform((value) => value === "true"),
    /**
     * Demo requests untouched (received, status, owner, note) for this many months are erased by a
     * background sweep (docs/decisions/053): UK GDPR/GDPR storage limitation. 1 to 120; default 24.
     */
    DEMO_REQUEST_RETENTION_MONTHS: z.coerce
      .number({ error: "must be a whole number of months from 1 to 120" })
      .int("must be a whole number of months from 1 to 120")
      .min(1, "must be a whole number of months from 1 to 120")
      .max(120, "must be a whole number of months from 1 to 120")
      .default(24),
    /** Where `npm run build` writes and `npm start` reads the build. */
    BUILD_DIR: z.string().min(1).default("build"),
  })
  .refine((env) => Boolean(env.ADMIN_USERNAME) === Boolean(env.ADMIN_PASSWORD), {
    path: ["ADMIN_PASSWORD"],
    message: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
  });

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & {
  SITE_URL: string;
  /** Parsed TRUST_PROXY, in the form Express's "trust proxy" setting takes. */
  trustProxy: boolean | number | string;
};

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const value = source[name];
      return `  ${name}${value === undefined ? "" : `=${JSON.stringify(value)}`}: ${issue.message}`;
    });
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    SITE_URL: siteUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
