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

/**
 * With no SMTP server configured, mail is written to the outbox folder and the log,
 * so a person running the app locally can still finish a reset or invite. The log line
 * names the file, never the body: codes and links stay out of logs.
 */
export function outboxMailer(dir: string, log: (line: string) => void = console.log): Mailer {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${message.to.replace(/[^a-z0-9@.]/gi, "_")}.txt`);
      writeFileSync(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
      log(`[mail] to ${message.to}: ${message.subject} (saved to ${file})`);
    },
  };
}

/** Mail over SMTP: SMTP_URL like smtp://user:pass@host:587 or smtps://host:465. */
export function smtpMailer(url: string, from: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      log(`[mail] to ${message.to}: ${message.subject} (sent over SMTP)`);
    },
  };
}

/** SMTP when SMTP_URL is set, the outbox otherwise. */
export function createMailer(env: NodeJS.ProcessEnv, outbox: string): Mailer {
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Early Literacy Screening <no-reply@localhost>");
  return outboxMailer(outbox);
}
