/**
 * Data access for accounts and enterprises beyond sign-in: memberships by person, passwords
 * and sessions of a membership, organisation lists and password-reset requests.
 * `scoped(db, eid).accounts` binds every query to one enterprise;
 * the few lookups that start from a person or a token (before an enterprise is known) are in
 * `accountGlobal`.
 */
import { and, asc, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Enterprise, Member } from '.';
import type { Db } from '../client';
import {
  departments,
  enterpriseUsers,
  enterprises,
  passwordResets,
  posts,
  sessions,
  users,
} from '../schema';
import { verifyPassword } from '../../passwords';

const { initPasswordHash: _secret, ...enterpriseColumns } = getTableColumns(enterprises);
const memberColumns = { ...getTableColumns(enterpriseUsers), phone: users.phone };

/** The window over which password-reset mails are counted. */
export const RESET_WINDOW = sql`now() - interval '15 minutes'`;

export type MemberPatch = Partial<
  Pick<
    typeof enterpriseUsers.$inferInsert,
    'sex' | 'email' | 'idCard' | 'headPortrait' | 'joiningTime' | 'postLevel' | 'userName'
  >
>;

/** An organisation row (department or post) as stored. */
export type OrgRow = typeof departments.$inferSelect;

export interface Membership {
  enterprise: Enterprise;
  member: Member;
}

export const accountGlobal = {
  /** The person with this phone, if any (a phone is one person across enterprises). */
  async personByPhone(db: Db, phone: string): Promise<{ id: string } | undefined> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return row;
  },

  /** Every membership of a person, oldest first (then by company code), with its enterprise. */
  memberships(db: Db, userId: string): Promise<Membership[]> {
    return db
      .select({ enterprise: enterpriseColumns, member: memberColumns })
      .from(enterpriseUsers)
      .innerJoin(users, eq(users.id, enterpriseUsers.userId))
      .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
      .where(eq(enterpriseUsers.userId, userId))
      .orderBy(asc(enterpriseUsers.createdAt), asc(enterprises.code));
  },

  /** Password-reset mails asked for from one client address in the window, across enterprises. */
  async resetsFromIp(db: Db, ip: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.ip, ip), gt(passwordResets.createdAt, RESET_WINDOW)));
    return row?.n ?? 0;
  },

  /**
   * Uses a reset token: marks it used if it is unused and unexpired, in one statement, so two
   * requests with the same token cannot both succeed. Returns whose membership it resets.
   */
  async consumeResetToken(
    db: Db,
    tokenHash: string,
  ): Promise<{ enterpriseId: string; enterpriseUserId: string } | undefined> {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ enterpriseId: passwordResets.enterpriseId, enterpriseUserId: passwordResets.enterpriseUserId });
    if (!row?.enterpriseUserId) return undefined;
    return { enterpriseId: row.enterpriseId, enterpriseUserId: row.enterpriseUserId };
  },
};

/** Account queries bound to one enterprise. */
export function accountScope(db: Db, enterpriseId: string) {
  const inEnterprise = eq(enterpriseUsers.enterpriseId, enterpriseId);
  const memberQuery = () =>
    db.select(memberColumns).from(enterpriseUsers).innerJoin(users, eq(users.id, enterpriseUsers.userId));
  const orgTree = (table: typeof departments | typeof posts) =>
    db
      .select()
      .from(table)
      .where(eq(table.enterpriseId, enterpriseId))
      .orderBy(asc(table.sort), asc(table.id));

  return {
    enterpriseId,

    async memberById(id: string): Promise<Member | undefined> {
      const [row] = await memberQuery().where(and(inEnterprise, eq(enterpriseUsers.id, id)));
      return row;
    },

    async memberOfPerson(userId: string): Promise<Member | undefined> {
      const [row] = await memberQuery().where(and(inEnterprise, eq(enterpriseUsers.userId, userId)));
      return row;
    },

    async memberByPhone(phone: string): Promise<Member | undefined> {
      const [row] = await memberQuery().where(and(inEnterprise, eq(users.phone, phone)));
      return row;
    },

    async updateMember(id: string, patch: MemberPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.update(enterpriseUsers).set(patch).where(and(inEnterprise, eq(enterpriseUsers.id, id)));
    },

    /** Sets a membership's own password (no longer the initial one). */
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db
        .update(enterpriseUsers)
        .set({ passwordHash, isInitPassword: 1 })
        .where(and(inEnterprise, eq(enterpriseUsers.id, id)));
    },

    /** Ends every live session of a membership. */
    async revokeMemberSessions(enterpriseUserId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.enterpriseId, enterpriseId),
            eq(sessions.enterpriseUserId, enterpriseUserId),
            isNull(sessions.revokedAt),
          ),
        );
    },

    /**
     * Whether a membership's stored password is still the enterprise's initial one. Accounts
     * given the initial password carry the enterprise's own hash of it, so the two are equal.
     */
    async hasInitialPassword(enterpriseUserId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .innerJoin(enterprises, eq(enterprises.id, enterpriseUsers.enterpriseId))
        .where(
          and(
            inEnterprise,
            eq(enterpriseUsers.id, enterpriseUserId),
            eq(enterpriseUsers.passwordHash, enterprises.initPasswordHash),
          ),
        );
      return row !== undefined;
    },

    /** Whether a password is the enterprise's initial one (the hash never leaves this layer). */
    async isInitialPassword(password: string): Promise<boolean> {
      const [row] = await db
        .select({ hash: enterprises.initPasswordHash })
        .from(enterprises)
        .where(eq(enterprises.id, enterpriseId));
      return row ? verifyPassword(row.hash, password) : false;
    },

    departments: () => orgTree(departments),
    posts: () => orgTree(posts),

    /** Password-reset mails asked for one employee number of this enterprise in the window. */
    async resetsFor(empNo: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.enterpriseId, enterpriseId),
            eq(passwordResets.empNo, empNo),
            gt(passwordResets.createdAt, RESET_WINDOW),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Records a reset request; with a member and a token hash it is also a single-use token
     * valid for `ttlSeconds`. Older requests past the window without a live token are pruned.
     * Answers the request's id.
     */
    async recordReset(input: {
      empNo: string;
      ip: string | null;
      enterpriseUserId?: string;
      tokenHash?: string;
      ttlSeconds: number;
    }): Promise<string> {
      await db
        .delete(passwordResets)
        .where(
          and(
            eq(passwordResets.enterpriseId, enterpriseId),
            sql`${passwordResets.createdAt} < ${RESET_WINDOW}`,
            sql`(${passwordResets.expiresAt} is null or ${passwordResets.expiresAt} < now())`,
          ),
        );
      const [row] = await db
        .insert(passwordResets)
        .values({
          enterpriseId,
          empNo: input.empNo,
          ip: input.ip,
          enterpriseUserId: input.enterpriseUserId ?? null,
          tokenHash: input.tokenHash ?? null,
          expiresAt: input.tokenHash ? sql`now() + make_interval(secs => ${input.ttlSeconds})` : null,
        })
        .returning({ id: passwordResets.id });
      return row!.id;
    },

    /**
     * Makes a recorded request the single-use token of a membership, valid for `ttlSeconds` from
     * now (a token made again replaces the one before). False when the request is gone.
     */
    async attachResetToken(
      id: string,
      input: { enterpriseUserId: string; tokenHash: string; ttlSeconds: number },
    ): Promise<boolean> {
      const updated = await db
        .update(passwordResets)
        .set({
          enterpriseUserId: input.enterpriseUserId,
          tokenHash: input.tokenHash,
          expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
        })
        .where(and(eq(passwordResets.enterpriseId, enterpriseId), eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      return updated.length === 1;
    },

    /** Makes every outstanding reset token of a membership unusable (after a password change). */
    async expireResetTokens(enterpriseUserId: string): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.enterpriseId, enterpriseId),
            eq(passwordResets.enterpriseUserId, enterpriseUserId),
            isNull(passwordResets.usedAt),
          ),
        );
    },
  };
}

export type AccountScope = ReturnType<typeof accountScope>;
