/**
 * Data access of the sign-in ways. Tenant data (members found by phone or by an account at
 * another service, per-enterprise settings, pending sign-ins) is read through
 * `scoped(db, eid).signIn`, whose every query carries the enterprise id; `signInGlobal` holds the person-level lookups made before a tenant counts.
 */
import { and, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Member } from '.';
import type { Db } from '../client';
import { enterpriseDomains, enterpriseUsers, memberIdentities, signInConfigs, signInStates, users } from '../schema';

/** Services whose accounts can be linked to a member. */
export type IdentityProvider = 'wecom' | 'dingtalk';
/** Services with per-enterprise settings and pending sign-ins. */
export type SignInProvider = IdentityProvider | 'oidc';

const memberColumns = { ...getTableColumns(enterpriseUsers), phone: users.phone };

export interface PendingSignIn {
  redirectUri: string;
  codeVerifier: string | null;
  nonce: string | null;
  /** SHA-256 of the binding value of the browser that started it (`./binding.ts`). */
  bindingHash: string | null;
}

export function signInScope(db: Db, enterpriseId: string) {
  const members = () =>
    db.select(memberColumns).from(enterpriseUsers).innerJoin(users, eq(users.id, enterpriseUsers.userId));

  return {
    enterpriseId,

    /** The membership in this enterprise of the person with this phone. */
    async memberByPhone(phone: string): Promise<Member | undefined> {
      const [row] = await members().where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(users.phone, phone)));
      return row;
    },

    /** The member linked to an account at another service. */
    async memberByIdentity(provider: IdentityProvider, subject: string): Promise<Member | undefined> {
      const [row] = await members()
        .innerJoin(memberIdentities, eq(memberIdentities.enterpriseUserId, enterpriseUsers.id))
        .where(
          and(
            eq(enterpriseUsers.enterpriseId, enterpriseId),
            eq(memberIdentities.enterpriseId, enterpriseId),
            eq(memberIdentities.provider, provider),
            eq(memberIdentities.subject, subject),
          ),
        );
      return row;
    },

    async memberByEmpNo(empNo: string): Promise<Member | undefined> {
      const [row] = await members().where(
        and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.empNo, empNo)),
      );
      return row;
    },

    /** Links a member of this enterprise to an account at another service. */
    async linkIdentity(provider: IdentityProvider, subject: string, enterpriseUserId: string): Promise<void> {
      await db
        .insert(memberIdentities)
        .values({ enterpriseId, provider, subject, enterpriseUserId })
        .onConflictDoUpdate({
          target: [memberIdentities.enterpriseId, memberIdentities.provider, memberIdentities.subject],
          set: { enterpriseUserId },
        });
    },

    /** The stored settings of a sign-in way, unchecked. */
    async settings(provider: SignInProvider): Promise<unknown> {
      const [row] = await db
        .select({ settings: signInConfigs.settings })
        .from(signInConfigs)
        .where(and(eq(signInConfigs.enterpriseId, enterpriseId), eq(signInConfigs.provider, provider)));
      return row?.settings;
    },

    async saveSettings(provider: SignInProvider, settings: Record<string, unknown>): Promise<void> {
      await db
        .insert(signInConfigs)
        .values({ enterpriseId, provider, settings })
        .onConflictDoUpdate({
          target: [signInConfigs.enterpriseId, signInConfigs.provider],
          set: { settings, updatedAt: sql`now()` },
        });
    },

    /** Stores a pending sign-in under the hash of its `state`; drops this enterprise's expired ones. */
    async savePending(
      provider: SignInProvider,
      stateHash: string,
      pending: PendingSignIn,
      ttlSeconds: number,
    ): Promise<void> {
      await db
        .delete(signInStates)
        .where(and(eq(signInStates.enterpriseId, enterpriseId), lt(signInStates.expiresAt, sql`now()`)));
      await db.insert(signInStates).values({
        stateHash,
        enterpriseId,
        provider,
        ...pending,
        expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
      });
    },

    /**
     * Takes (and so ends) the pending sign-in of a `state` hash, if it is this enterprise's,
     * for this service and not expired.
     */
    async takePending(provider: SignInProvider, stateHash: string): Promise<PendingSignIn | undefined> {
      const [row] = await db
        .delete(signInStates)
        .where(
          and(
            eq(signInStates.stateHash, stateHash),
            eq(signInStates.enterpriseId, enterpriseId),
            eq(signInStates.provider, provider),
            gt(signInStates.expiresAt, sql`now()`),
          ),
        )
        .returning({
          redirectUri: signInStates.redirectUri,
          codeVerifier: signInStates.codeVerifier,
          nonce: signInStates.nonce,
          bindingHash: signInStates.bindingHash,
        });
      return row;
    },
  };
}

export type SignInScope = ReturnType<typeof signInScope>;

export const signInGlobal = {
  /** Whether a person with this phone exists (in any enterprise). */
  async phoneExists(db: Db, phone: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    return row !== undefined;
  },

  /**
   * The person's first membership of a company that has no domain of its own (one registered
   * on the site), in the order they joined: such a company can only be reached through the
   * host of another, so a phone sign-in there lands in it. Companies with a domain are only
   * entered on their own host.
   */
  async firstDomainlessMemberByPhone(db: Db, phone: string): Promise<Member | undefined> {
    const [row] = await db
      .select(memberColumns)
      .from(enterpriseUsers)
      .innerJoin(users, eq(users.id, enterpriseUsers.userId))
      .leftJoin(enterpriseDomains, eq(enterpriseDomains.enterpriseId, enterpriseUsers.enterpriseId))
      .where(and(eq(users.phone, phone), isNull(enterpriseDomains.domain)))
      .orderBy(enterpriseUsers.createdAt, enterpriseUsers.id)
      .limit(1);
    return row;
  },
};
