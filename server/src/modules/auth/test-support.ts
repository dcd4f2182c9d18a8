/** Helpers for the sign-in tests: a private outbox, answered captchas, codes as the phone got them. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { latestInOutbox } from '../../messaging/outbox';
import { createCaptcha } from '../../captcha';

export interface TempOutbox {
  dir: string;
  files(): Promise<string[]>;
  close(): Promise<void>;
}

/** Points `OUTBOX_DIR` at a fresh folder until `close`. */
export async function tempOutbox(): Promise<TempOutbox> {
  const dir = await mkdtemp(join(tmpdir(), 'xt-signin-outbox-'));
  const before = process.env.OUTBOX_DIR;
  process.env.OUTBOX_DIR = dir;
  return {
    dir,
    files: async () => (await readdir(dir)).sort(),
    close: async () => {
      if (before === undefined) delete process.env.OUTBOX_DIR;
      else process.env.OUTBOX_DIR = before;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A captcha answered as a person reading the picture would. */
export async function answeredCaptcha(db: Db): Promise<{ captchaKey: string; captchaCode: string }> {
  const { captchaKey, answer } = await createCaptcha(db);
  return { captchaKey, captchaCode: answer };
}

/** The code in the newest text message to a phone in the outbox. */
export async function lastCodeSentTo(phone: string): Promise<string | undefined> {
  const sms = await latestInOutbox('sms', phone);
  return sms && /\b(\d{6})\b/.exec(sms.content)?.[1];
}

/** Moves a table's timestamps back, as if time had passed. */
export async function travel(db: Db, table: string, column: string, seconds: number, where = sql`true`): Promise<void> {
  await db.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} - make_interval(secs => ${seconds}) where ${where}`,
  );
}

/** Phones of the demo people (tenants/*.json), for the sign-in tests. */
export const DEMO_PHONES = {
  /** E1001 of company one. */
  zhangWei: '13816620381',
  /** B2001, a member of company two only. */
  zhouTing: '13770516248',
  /** One person: E1007 in company one, B2007 in company two. */
  sunHao: '13357289017',
  /** Nobody's. */
  unknown: '13900000000',
} as const;
