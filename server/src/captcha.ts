/**
 * Image captchas (`imageCaptcha`). The picture goes to the browser; the answer is kept only
 * as a keyed hash of its lower-case form, bound to the captcha's key, for 5 minutes. The
 * first check spends a captcha whether it was right or not, so one picture allows one guess.
 *
 * For browser test runs only, `CAPTCHA_TEST_ANSWER` makes every captcha show and take that
 * answer; it is ignored when `NODE_ENV` is `production`.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { create } from 'svg-captcha';
import type { ImageCaptcha } from '@/api/types';
import { isUuid } from './db/access';
import type { Db } from './db/client';
import { captchas } from './db/schema';
import { keyedHash, sameHash } from './hashing';

export const CAPTCHA_TTL_SECONDS = 300;
/** Characters that look alike in the picture are left out. */
const IGNORED_CHARS = '0oO1iIlL';
const PICTURE = { size: 4, ignoreChars: IGNORED_CHARS, noise: 2, color: true, width: 120, height: 40 };

/** svg-captcha's module is also the function that draws a given text (not in its type declarations). */
const drawText = createRequire(import.meta.url)('svg-captcha') as (text: string, options: typeof PICTURE) => string;

let warned = false;

/** The fixed answer of a browser test run, if one is set and allowed. */
function testAnswer(): string | undefined {
  const answer = process.env.CAPTCHA_TEST_ANSWER;
  if (!answer || process.env.NODE_ENV === 'production') return undefined;
  if (!warned) {
    warned = true;
    console.warn('[gateway] CAPTCHA_TEST_ANSWER is set: every image captcha takes the same answer');
  }
  return answer;
}

function picture(): { text: string; data: string } {
  const fixed = testAnswer();
  return fixed ? { text: fixed, data: drawText(fixed, PICTURE) } : create(PICTURE);
}

/** A new captcha, with its answer for the caller to drop (tests keep it). */
export async function createCaptcha(db: Db): Promise<ImageCaptcha & { answer: string }> {
  const { data, text } = picture();
  const id = randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db.insert(captchas).values({
    id,
    answerHash: await keyedHash(db, 'captcha', id, text.toLowerCase()),
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
  });
  return {
    captchaKey: id,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    expiresIn: CAPTCHA_TTL_SECONDS,
    answer: text,
  };
}

/** An answer read for a captcha key, hashed and ready to be checked by {@link spendCaptcha}. */
export interface CaptchaAnswer {
  id: string;
  answerHash: string;
}

/**
 * Reads an answer for a key (nothing is spent yet): `undefined` for a missing or malformed key
 * or answer. Hashing needs the pepper, which is read through `db` the first time.
 */
export async function readCaptchaAnswer(
  db: Db,
  key: string | undefined,
  answer: string | undefined,
): Promise<CaptchaAnswer | undefined> {
  if (!key || !answer || !isUuid(key)) return undefined;
  const id = key.toLowerCase();
  return { id, answerHash: await keyedHash(db, 'captcha', id, answer.trim().toLowerCase()) };
}

/**
 * Spends the captcha of an answer and says whether the answer was right (one statement, so it
 * may run inside a caller's transaction). False for no answer, an unknown, expired or already
 * used key, or a wrong answer.
 */
export async function spendCaptcha(db: Db, answer: CaptchaAnswer | undefined): Promise<boolean> {
  if (!answer) return false;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, answer.id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  return row !== undefined && sameHash(row.answerHash, answer.answerHash);
}

/**
 * Checks an answer, case-insensitively, and spends the captcha. False for a missing, unknown,
 * expired or already used key, or a wrong answer.
 */
export async function consumeCaptcha(db: Db, key: string | undefined, answer: string | undefined): Promise<boolean> {
  return spendCaptcha(db, await readCaptchaAnswer(db, key, answer));
}
