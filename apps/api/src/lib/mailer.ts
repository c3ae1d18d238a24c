import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  /** Where answers go when it is not the sender (the support desk answers the requester). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing mail. SMTP when configured, otherwise one .eml file per message in an outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Messages carry live reset tokens: only the server's user may read them.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${process.pid}-${sequence}.eml`;
      await writeFile(resolve(dir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}

/** Keeps messages in memory (tests). */
export function memoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}
