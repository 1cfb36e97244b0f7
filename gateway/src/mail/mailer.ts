import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

/** An e-mail to send. `link` is the action link, logged in outbox mode outside production so a local user can follow it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** Sends e-mail: SMTP when SMTP_URL is set, otherwise an outbox folder of .eml files. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Builds the mailer for the configuration. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Log the action link of outbox mails (local use); off in production, where links are secrets. */
  logLinks?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      // Time first (files sort in sending order), then a sequence: two mails of one millisecond never share a name.
      sequence = (sequence + 1) % 1_000_000;
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}`;
      const file = path.join(opts.outboxDir, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // Outbox mode is for local use: the link is what lets a developer finish the flow, never logged in production.
      opts.logger.info(
        { outbox: file, subject: mail.subject, ...(opts.logLinks ? { link: mail.link } : {}) },
        'e-mail written to the outbox',
      );
    },
  };
}
