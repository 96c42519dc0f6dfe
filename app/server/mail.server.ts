import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * A header's value (and a log line's part) as one line: a control character or line separator
 * becomes a space (issue 33 item 9: a CR/LF in a support subject wrote lines of its own into the
 * outbox file and the log). The API refuses such subjects; this holds for any caller.
 */
export function headerValue(value: string): string {
  return value.replace(LINE_BREAKING, " ").trim();
}

/**
 * With no SMTP server configured, mail is written to the outbox folder and the log,
 * so a person running the app locally can still finish a reset or invite. The log line
 * names the file, never the body: codes and links stay out of logs.
 */
export function outboxMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const to = headerValue(message.to);
      const subject = headerValue(message.subject);
      const file = path.join(dir, `${Date.now()}-${to.replace(/[^a-z0-9@.]/gi, "_")}.txt`);
      writeFileSync(file, `To: ${to}\nSubject: ${subject}\n\n${message.text}\n`, { mode: 0o600 });
      log(`[mail] to ${to}: ${subject} (saved to ${file})`);
    },
  };
}

/** Mail over SMTP: SMTP_URL like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpMailer(url: string, from: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const to = headerValue(message.to);
      const subject = headerValue(message.subject);
      await transport.sendMail({ from, to, subject, text: message.text });
      log(`[mail] to ${to}: ${subject} (sent over SMTP)`);
    },
  };
}

/** SMTP when SMTP_URL is set, the outbox otherwise. */
export function createMailer(env: NodeJS.ProcessEnv, outbox: string): Mailer {
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Early Literacy Screening <no-reply@localhost>");
  return outboxMailer(outbox);
}
