import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for the browser tests: the app's nodemailer transport
// (SMTP_URL of the accounts server) delivers to it, and the tests read the messages.

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/** The subject and plain-text body of a single-part message, as nodemailer writes one. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}

export async function startSmtpServer(port: number) {
  const messages: ReceivedMail[] = [];
  // Who waits for a mail: checked on each arrival, so a test resumes the moment its mail lands.
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString("utf8"));
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text });
        for (const check of [...waiters]) check();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    messages,
    /** The newest message to `to` that arrives after `since` messages were already there. */
    waitFor(to: string, since = 0, timeoutMs = 15_000): Promise<ReceivedMail> {
      const newest = () =>
        messages
          .slice(since)
          .filter((m) => m.to.includes(to.toLowerCase()))
          .at(-1);
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = newest();
          if (!mail) return;
          waiters.delete(check);
          clearTimeout(deadline);
          resolve(mail);
        };
        const deadline = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The verification code and the reset link of a reset or invitation email. */
export function codeAndLink(mail: ReceivedMail): { code: string; link: URL } {
  const code = mail.text.match(/verification code: ([A-Z0-9]+)/)?.[1];
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  if (!code || !link) throw new Error(`no code or link in: ${mail.text}`);
  return { code, link: new URL(link) };
}
