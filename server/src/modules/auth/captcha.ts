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
import { isUuid } from '../../db/access';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
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

/**
 * Checks an answer, case-insensitively, and spends the captcha. False for a missing, unknown,
 * expired or already used key, or a wrong answer.
 */
export async function consumeCaptcha(db: Db, key: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!key || !answer || !isUuid(key)) return false;
  const id = key.toLowerCase();
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  return sameHash(row.answerHash, await keyedHash(db, 'captcha', id, answer.trim().toLowerCase()));
}
