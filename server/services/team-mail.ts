import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createSmtpTransport, mailFrom } from "./smtp.ts";
import { formattedAddress, PLACEHOLDER_SITE_DETAILS, type SiteDetails } from "../../shared/site-details.ts";

/** Who sends it, as a business e-mail states it (the site's details, docs/decisions/054). */
export const mailSignature = (details: SiteDetails) =>
  [
    "-- ",
    `${details.legalName}, registered in England and Wales, company number ${details.companyNumber}.`,
    `Registered office: ${formattedAddress(details)}. Questions: ${details.supportEmail}`,
  ].join("\n");

export interface TeamMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * E-mails an invitation or a password reset link when SMTP_URL is configured (docs/decisions/028).
 * Sent after the link is committed, while the administrator waits: the answer says whether it went.
 * A failure is logged and answered as "not e-mailed"; the link is shown to copy either way.
 */
export function createTeamMail({
  env,
  logger,
  details = async () => PLACEHOLDER_SITE_DETAILS,
}: {
  env: Pick<Env, "SMTP_URL" | "SITE_URL">;
  logger: Logger;
  details?: () => Promise<SiteDetails>;
}) {
  const log = logger.child({ component: "team-mail" });
  const transport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null;
  const from = mailFrom(env.SITE_URL, "Zuri CMS");
  return {
    /** Whether it went: false without SMTP or when the server refused it. */
    async send(message: TeamMessage): Promise<boolean> {
      if (!transport) return false;
      try {
        const text = `${message.text}\n\n${mailSignature(await details())}`;
        await transport.sendMail({ from, ...message, text, disableFileAccess: true, disableUrlAccess: true });
        return true;
      } catch (error) {
        log.warn({ err: { message: (error as Error).message } }, "team e-mail not sent; the link is shown to copy");
        return false;
      }
    },
    stop(): void {
      transport?.close();
    },
  };
}

export type TeamMail = ReturnType<typeof createTeamMail>;
