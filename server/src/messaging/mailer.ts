/**
 * Outgoing mail. `sendMail` sends over SMTP when `SMTP_URL` is set
 * (`smtp://user:pass@host:587`, `smtps://…:465`; sender `MAIL_FROM`), otherwise it builds the
 * same message and writes it to the local outbox as an `.eml` file (`./outbox.ts`), on PGlite
 * and PostgreSQL alike. Pass `{ db }` to also record the outbox row.
 *
 * @example await sendMail({ to: 'li.na@example.com', subject: '重置密码', text: '…' }, { db })
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { writeToOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  via: 'smtp' | 'outbox';
  messageId: string;
  /** The outbox file, when the message went there. */
  file?: string;
}

const DEFAULT_FROM = 'Xuetang <no-reply@xuetang.local>';

const transports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(url, transport);
  }
  return transport;
}

let composer: Transporter | undefined;

/** Builds messages without sending them (the outbox path). */
function messageBuilder(): Transporter {
  composer ??= createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return composer;
}

export async function sendMail(message: MailMessage, options: { db?: Db } = {}): Promise<SentMail> {
  const mail = {
    from: process.env.MAIL_FROM || DEFAULT_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
  const url = process.env.SMTP_URL;
  if (url) {
    const info = (await smtpTransport(url).sendMail(mail)) as { messageId: string };
    return { via: 'smtp', messageId: info.messageId };
  }
  const info = (await messageBuilder().sendMail(mail)) as { messageId: string; message: Buffer };
  const file = await writeToOutbox(
    { kind: 'mail', recipient: message.to, subject: message.subject, content: info.message },
    options,
  );
  return { via: 'outbox', messageId: info.messageId, file };
}

/** Closes pooled SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
