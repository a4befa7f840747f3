import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SunkMessage {
  from: string | undefined;
  to: string[];
  /** The raw message as received (headers, blank line, body). */
  raw: string;
  /** The header block, unfolded (one line per header). */
  headers: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface SmtpSink {
  url: string;
  messages: SunkMessage[];
  /** While true, every message is refused with a 451 (a temporary failure, as a mail server would). */
  failing: boolean;
  /** Holds every message's final answer until the returned function is called (a slow server). */
  hold(): () => void;
  /** Resolves with the next message received from now on. */
  nextMessage(): Promise<SunkMessage>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (body: string) =>
  body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A local SMTP server (no TLS, no auth) that keeps what it receives, for notification tests. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const waiting: ((message: SunkMessage) => void)[] = [];
  let held: Promise<void> = Promise.resolve();
  const sink: SmtpSink = {
    url: "",
    messages: [],
    failing: false,
    hold() {
      let release = () => {};
      held = new Promise((done) => (release = done));
      return () => {
        held = Promise.resolve();
        release();
      };
    },
    nextMessage() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((done) => server.close(() => done())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        await held;
        if (sink.failing) {
          const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.indexOf("\r\n\r\n");
        const message: SunkMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          headers: raw.slice(0, split).replace(/\r\n[ \t]+/g, " "),
          text: decodeQuotedPrintable(raw.slice(split + 4)),
        };
        sink.messages.push(message);
        for (const waiter of waiting.splice(0)) waiter(message);
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
