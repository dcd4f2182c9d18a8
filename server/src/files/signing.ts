/**
 * The gateway's URL signatures: an HMAC-SHA256 of a URL's parts keyed with a secret the gateway
 * creates once and keeps in the database (`server_secrets`), so every replica checks what any
 * other signed. The key is read once per process and database and kept, so signing adds no
 * statement to a call. Export download links and media URLs both sign with it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/** The secret's row; named after its first use, the export download links. */
const SECRET_NAME = 'export-download-key';
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The URL signing key could not be stored');
  return Buffer.from(row.value);
}

/** The signing key of a database, loaded once and kept (a failed load is retried next time). */
function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/**
 * The signature (64 hex digits) of `parts`, joined with a separator none of them may hold.
 *
 * @example await signParts(db, [enterpriseId, recordId, exp])
 */
export async function signParts(db: Db, parts: readonly string[]): Promise<string> {
  if (parts.some((p) => p.includes('\u0000'))) throw new Error('A signed part holds the separator');
  return createHmac('sha256', await signingKey(db)).update(parts.join('\u0000')).digest('hex');
}

/** Whether `given` is the signature of `parts` (compared in constant time). */
export async function signatureMatches(db: Db, parts: readonly string[], given: string | undefined): Promise<boolean> {
  if (!given || !/^[0-9a-f]{64}$/i.test(given) || parts.some((p) => p.includes('\u0000'))) return false;
  const expected = Buffer.from(await signParts(db, parts), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/**
 * Whether an expiry (whole seconds since 1970, as a URL carries it) is well formed and not past.
 *
 * @example isFresh(String(Math.floor(Date.now() / 1000) + 60)) → true
 */
export function isFresh(exp: string | undefined, now: number = Date.now()): boolean {
  return exp !== undefined && /^\d{1,12}$/.test(exp) && Number(exp) * 1000 >= now;
}
