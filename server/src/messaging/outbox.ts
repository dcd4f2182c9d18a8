/**
 * The local outbox: where text messages and mail go when no real channel is configured
 * (development, demos, tests). Each message is a file under `<DATA_DIR>/outbox/`
 * (`OUTBOX_DIR` overrides the folder):
 *
 * - `<timestamp>-sms-<phone>.txt`, the text of a message;
 * - `<timestamp>-mail-<to>.eml`, the complete message as a mail client opens it.
 *
 * With a database, each file also gets a row in `outbox_messages` (kind, recipient, subject,
 * file name; the text stays in the file, so codes never sit in the database in the clear).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutboxKind = 'sms' | 'mail';

/** The outbox folder: `OUTBOX_DIR`, else `<DATA_DIR>/outbox` (`./data/outbox`). */
export function outboxDir(): string {
  return resolve(process.env.OUTBOX_DIR ?? join(process.env.DATA_DIR ?? 'data', 'outbox'));
}

/**
 * A timestamp that sorts as text and is safe in file names.
 *
 * @example fileStamp(new Date('2026-03-01T08:05:09.042Z')) → '20260301T080509042Z'
 */
export function fileStamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/**
 * A recipient as a file-name part: letters, digits and `@._+-` kept, anything else `_`.
 *
 * @example safeName('li.na@example.com') → 'li.na@example.com'
 */
export function safeName(recipient: string): string {
  return recipient.replace(/[^\w@.+-]/g, '_').replace(/^\.+/, '_').slice(0, 100) || '_';
}

export interface OutboxMessage {
  kind: OutboxKind;
  recipient: string;
  subject?: string;
  content: string | Uint8Array;
}

/** Writes a message to the outbox; returns the file's path. */
export async function writeToOutbox(message: OutboxMessage, options: { db?: Db } = {}): Promise<string> {
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const base = `${fileStamp(new Date())}-${message.kind}-${safeName(message.recipient)}`;
  const ext = message.kind === 'sms' ? 'txt' : 'eml';
  let fileName = `${base}.${ext}`;
  for (let n = 2; ; n++) {
    try {
      await writeFile(join(dir, fileName), message.content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 50) throw error;
      fileName = `${base}-${n}.${ext}`;
    }
  }
  if (options.db) {
    await options.db.insert(outboxMessages).values({
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject ?? '',
      fileName,
    });
  }
  return join(dir, fileName);
}

/**
 * The newest outbox file of a kind for a recipient, with its text; `undefined` when there is
 * none. For tests and demos that need the code or link a user would receive.
 */
export async function latestInOutbox(
  kind: OutboxKind,
  recipient: string,
): Promise<{ path: string; content: string } | undefined> {
  const dir = outboxDir();
  const suffix = new RegExp(`^\\d{8}T\\d{9}Z-${kind}-${escapeRegExp(safeName(recipient))}(-\\d+)?\\.(txt|eml)$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return undefined;
  }
  const name = names.filter((n) => suffix.test(n)).sort(byStampThenCounter).at(-1);
  if (!name) return undefined;
  const path = join(dir, name);
  return { path, content: await readFile(path, 'utf8') };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Orders `…Z-sms-x.txt` before `…Z-sms-x-2.txt` for the same timestamp. */
function byStampThenCounter(a: string, b: string): number {
  const key = (n: string) => {
    const counter = /-(\d+)\.(txt|eml)$/.exec(n)?.[1];
    return [n.slice(0, 19), counter ? Number(counter) : 1] as const;
  };
  const [sa, ca] = key(a);
  const [sb, cb] = key(b);
  return sa === sb ? ca - cb : sa < sb ? -1 : 1;
}
