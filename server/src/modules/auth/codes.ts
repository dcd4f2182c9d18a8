/**
 * SMS verification codes for the `login`, `register` and `reset` scenes.
 *
 * For the modules that take a code (registration, password reset):
 *
 *     verifyAndConsumeCode(db, { eid?, phone, scene, code }): Promise<boolean>
 *
 * answers true exactly once, for the right code of the phone's latest unexpired request for
 * that scene, and spends the code. When `eid` is given, a code asked for on another
 * enterprise's site does not count. Every guess is counted against the code before it is
 * compared, in one statement (a right one is given back); after {@link MAX_FAILED_CHECKS} wrong
 * guesses the code is spent, so six digits cannot be tried through, not even by guesses at once.
 *
 * Codes are six digits, stored only as a keyed SHA-256 (`./hashing.ts`), valid for 10
 * minutes. A phone may ask again for the same scene after 60 seconds, at most 5 times an hour
 * and 10 a day; one client address at most 20 times an hour. Requests for phones that must not
 * get a code (see `deliver`) are counted the same way, so the answers never differ.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { CodeScene, SendCodeResult } from '@/api/types';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { ApiError } from '../../envelope';
import { sendSms } from '../../messaging/sms';
import { keyedHash, sameHash } from '../../hashing';

export const CODE_SCENES = ['login', 'register', 'reset'] as const satisfies readonly CodeScene[];
export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
export const MAX_CODES_PER_PHONE_HOUR = 5;
export const MAX_CODES_PER_PHONE_DAY = 10;
export const MAX_CODES_PER_IP_HOUR = 20;
/** Wrong guesses a code survives. */
export const MAX_FAILED_CHECKS = 5;

const CODE_FORMAT = /^\d{6}$/;

export interface IssueCodeInput {
  phone: string;
  scene: CodeScene;
  /** The enterprise of the site that asked, if known. */
  enterpriseId: string | null;
  ip: string | null;
  /** Whether the code is sent; when false it is counted and stored but goes nowhere. */
  deliver: boolean;
  /** The text message for a code. */
  message: (code: string) => string;
}

/**
 * Creates a code for a phone and scene and sends it. Refuses with 429 while the last code of
 * the same phone and scene is younger than 60 s (data `{ resendIn }`) or past the limits.
 */
export async function issueCode(db: Db, input: IssueCodeInput): Promise<SendCodeResult> {
  const { phone, scene, ip } = input;
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = await keyedHash(db, 'code', phone, scene, code);

  await db.transaction(async (tx) => {
    // Two requests for one phone at once must not both pass the checks below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verification-code:${phone}`}))`);
    const [recent] = await tx
      .select({
        wait: sql<number>`ceil(extract(epoch from ${verificationCodes.createdAt} + make_interval(secs => ${RESEND_SECONDS}) - now()))::int`,
      })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.phone, phone),
          eq(verificationCodes.scene, scene),
          gt(verificationCodes.createdAt, sql`now() - make_interval(secs => ${RESEND_SECONDS})`),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (recent) {
      const resendIn = Math.max(1, recent.wait);
      throw new ApiError(Code.TOO_MANY_REQUESTS, 'signIn.codeResendWait', { resendIn }, { seconds: resendIn });
    }

    const [perPhone] = await tx
      .select({
        hour: sql<number>`count(*) filter (where ${verificationCodes.createdAt} > now() - interval '1 hour')::int`,
        day: count(),
      })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), gt(verificationCodes.createdAt, sql`now() - interval '1 day'`)));
    if ((perPhone?.hour ?? 0) >= MAX_CODES_PER_PHONE_HOUR || (perPhone?.day ?? 0) >= MAX_CODES_PER_PHONE_DAY) {
      throw new ApiError(Code.TOO_MANY_REQUESTS, 'signIn.codeTooMany');
    }
    if (ip !== null) {
      const [perIp] = await tx
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, sql`now() - interval '1 hour'`)));
      if ((perIp?.n ?? 0) >= MAX_CODES_PER_IP_HOUR) throw new ApiError(Code.TOO_MANY_REQUESTS, 'signIn.codeTooMany');
    }

    // Only the newest code of a phone and scene is valid.
    await tx
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(verificationCodes.phone, phone), eq(verificationCodes.scene, scene), isNull(verificationCodes.usedAt)),
      );
    // Rows older than the longest window count for nothing.
    await tx.delete(verificationCodes).where(lt(verificationCodes.createdAt, sql`now() - interval '1 day'`));
    await tx.insert(verificationCodes).values({
      enterpriseId: input.enterpriseId,
      phone,
      scene,
      codeHash,
      ip,
      delivered: input.deliver,
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
  });

  if (input.deliver) await sendSms(phone, input.message(code), { db });
  return { resendIn: RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS };
}

export interface CodeCheck {
  /** Only codes asked for on this enterprise's site (or on none) count. */
  eid?: string;
  phone: string;
  scene: CodeScene;
  code: string;
}

/**
 * Whether the code is right. The guess is counted against the phone's live code in the same
 * statement that checks the count is still under {@link MAX_FAILED_CHECKS}, before the code is
 * compared: guesses arriving at once each take a count of their own, and no more than the limit
 * are ever compared. A right guess gives its count back; the guess that uses up the last count
 * and is wrong spends the code.
 */
async function matchLiveCode(db: Db, input: CodeCheck): Promise<{ id: string } | undefined> {
  const code = input.code.trim();
  const live = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, input.phone),
        eq(verificationCodes.scene, input.scene),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [taken] = await db
    .update(verificationCodes)
    .set({ failedChecks: sql`${verificationCodes.failedChecks} + 1` })
    .where(
      and(
        eq(verificationCodes.id, sql`(${live})`),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.failedChecks, MAX_FAILED_CHECKS),
        input.eid ? or(isNull(verificationCodes.enterpriseId), eq(verificationCodes.enterpriseId, input.eid)) : undefined,
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, failedChecks: verificationCodes.failedChecks });
  if (!taken) return undefined;
  const right =
    CODE_FORMAT.test(code) && sameHash(taken.codeHash, await keyedHash(db, 'code', input.phone, input.scene, code));
  if (right) {
    await db
      .update(verificationCodes)
      .set({ failedChecks: sql`${verificationCodes.failedChecks} - 1` })
      .where(eq(verificationCodes.id, taken.id));
    return { id: taken.id };
  }
  if (taken.failedChecks >= MAX_FAILED_CHECKS) {
    await db
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, taken.id), isNull(verificationCodes.usedAt)));
  }
  return undefined;
}

/** `checkVerificationCode`: whether the code is right, without spending it. */
export async function checkCode(db: Db, input: CodeCheck): Promise<boolean> {
  return (await matchLiveCode(db, input)) !== undefined;
}

/** True once for the right code, which is then spent; see the top of this file. */
export async function verifyAndConsumeCode(db: Db, input: CodeCheck): Promise<boolean> {
  const match = await matchLiveCode(db, input);
  if (!match) return false;
  const spent = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, match.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return spent.length === 1;
}
