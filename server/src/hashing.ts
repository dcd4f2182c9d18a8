/**
 * Keyed hashes of short secrets (captcha answers, SMS codes). A plain SHA-256 of a 6-digit
 * code is reversed by trying a million values; keyed with a pepper that is not in the same
 * table, a copied table alone reveals nothing. The pepper is `CODE_PEPPER` when set (give every
 * replica the same value), else a random value the gateway stores once in the database.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { serverSecrets } from './db/schema';

const PEPPER_NAME = 'code-pepper';
const stored = new WeakMap<Db, Promise<Buffer>>();

async function loadPepper(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: PEPPER_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, PEPPER_NAME));
  if (!row) throw new Error('The code pepper could not be stored');
  return Buffer.from(row.value);
}

function pepper(db: Db): Promise<Buffer> {
  const fromEnv = process.env.CODE_PEPPER;
  if (fromEnv) return Promise.resolve(Buffer.from(fromEnv));
  let value = stored.get(db);
  if (!value) {
    value = loadPepper(db);
    value.catch(() => stored.delete(db));
    stored.set(db, value);
  }
  return value;
}

/**
 * HMAC-SHA256 (hex) of the parts, keyed with the pepper. Parts are joined with a separator
 * that cannot occur in them, so `('a', 'bc')` and `('ab', 'c')` differ.
 */
export async function keyedHash(db: Db, ...parts: string[]): Promise<string> {
  return createHmac('sha256', await pepper(db)).update(parts.join('\u0000')).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
