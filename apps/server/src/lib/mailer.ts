import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/**
 * The mailer interface ("by email through a mailer interface (nodemailer)"): services
 * hand it a message; how it travels is configuration.
 * - `SMTP_URL` set: nodemailer's SMTP transport sends real mail.
 * - unset (the default, no external server): nodemailer's stream transport builds the RFC 5322
 *   message, which is written to `{DATA_DIR}/outbox/{time}-{messageId}.eml` (open it in any mail
 *   client) and announced in the log with its recipient and subject (README "Mail").
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface SentMail {
  messageId: string;
  /** The `.eml` written to the outbox (no SMTP), else undefined. */
  file?: string;
}

export interface Mailer {
  /**
   * Sends one message.
   * @throws the transport's error (SMTP refused, outbox not writable): the caller's job retries
   */
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerConfig {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

/** Builds the mailer of `config` (see the module comment). */
export function createMailer(config: MailerConfig, log: () => MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        const info = await transport.sendMail({ from: config.from, ...m });
        log().info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.from, ...m });
      const raw = info.message as unknown as Buffer;
      await mkdir(config.outboxDir, { recursive: true });
      // Time first so a directory listing reads in send order; the id part keeps names unique.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]+/g, '')}.eml`;
      const file = join(config.outboxDir, name);
      await writeFile(file, raw);
      log().info({ to: m.to, subject: m.subject, file }, 'mail written to the outbox (SMTP_URL is not set)');
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
