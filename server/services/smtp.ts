import nodemailer from "nodemailer";

/**
 * The SMTP transport for SMTP_URL: demo notifications (docs/decisions/051) and the team's links
 * (docs/decisions/028). A slow or dead SMTP server must not keep a send hanging.
 */
export const createSmtpTransport = (url: string) =>
  nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);

/** The sender of every e-mail: no-reply at the site's host. */
export const mailFrom = (siteUrl: string, name: string) => ({ name, address: `no-reply@${new URL(siteUrl).hostname}` });
