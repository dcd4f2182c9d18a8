/**
 * The data-access layer. Tenant data is read and written only through `scoped(db, eid)`,
 * whose every query carries the enterprise id; the few lookups that must run before a tenant
 * is known (which enterprise owns a host, the per-address login counter) are in `global`.
 */
import { and, asc, count, eq, getTableColumns, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  enterpriseDomains,
  enterpriseUsers,
  enterprises,
  enums,
  loginAttempts,
  navItems,
  sessions,
  users,
} from '../schema';
import { accountScope } from './accounts';
import { announcementScope } from './announcements';
import { auditQueries } from './audit';
import { authoringQueries } from './authoring';
import { mediaQueries } from './media';
import { certificateScope } from './certificates';
import { cardQueries } from './course-cards';
import { commentQueries } from './comments';
import { communityScope } from './community';
import { courseData } from './courses';
import { crmProjectScope } from './crm-projects';
import { dynamicQueries } from './dynamics';
import { examScope } from './exams';
import { homeQueries } from './home';
import { ledgerQueries } from './ledger';
import { lecturerData } from './lecturers';
import { liveScope } from './live';
import { periodScope } from './periods';
import { peopleQueries } from './people';
import { playerScope } from './player';
import { dataScope } from './reports';
import { searchQueries } from './search';
import { signInScope } from './sign-in';
import { siteSettingsQueries } from './site-settings';
import { studyScope } from './study';
import { taskAuthoringQueries } from './task-authoring';
import { teachingQueries } from './teaching';
import { uploadQueries } from './uploads';
import { isUuid } from './rows';

export { isUuid };
export type { AuditChange, AuditEntry, AuditFilters } from './audit';

/** Enterprise columns that may leave the data layer (not the initial-password hash). */
const { initPasswordHash: _secret, ...enterpriseColumns } = getTableColumns(enterprises);
export type Enterprise = Omit<typeof enterprises.$inferSelect, 'initPasswordHash'>;

const memberColumns = { ...getTableColumns(enterpriseUsers), phone: users.phone };
export type Member = typeof enterpriseUsers.$inferSelect & { phone: string | null };

/** The window over which failed sign-ins are counted. */
export const ATTEMPT_WINDOW = sql`now() - interval '15 minutes'`;

/**
 * The session lookup of every signed-in call, built once per database: Drizzle keeps the SQL
 * text, and PostgreSQL the plan of the named statement on each connection.
 */
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof buildActiveSessionQuery>>();
function buildActiveSessionQuery(db: Db) {
  const enterpriseId = sql.placeholder('enterpriseId');
  return db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, member: memberColumns })
    .from(sessions)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.id, sessions.enterpriseUserId))
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        eq(sessions.enterpriseId, enterpriseId),
        eq(enterpriseUsers.enterpriseId, enterpriseId),
        // A member the back office disabled has no session left, whatever its token.
        eq(enterpriseUsers.status, 1),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('xt_active_session');
}
function activeSessionQuery(db: Db) {
  let query = activeSessionQueries.get(db);
  if (!query) activeSessionQueries.set(db, (query = buildActiveSessionQuery(db)));
  return query;
}

export const global = {
  async enterpriseByDomain(db: Db, domain: string): Promise<Enterprise | undefined> {
    const [row] = await db
      .select(enterpriseColumns)
      .from(enterpriseDomains)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseDomains.enterpriseId))
      .where(eq(enterpriseDomains.domain, domain.toLowerCase()))
      .limit(1);
    return row;
  },

  async enterpriseById(db: Db, id: string): Promise<Enterprise | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select(enterpriseColumns).from(enterprises).where(eq(enterprises.id, id));
    return row;
  },

  async enterpriseCount(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(enterprises);
    return row?.n ?? 0;
  },

  /** Global enum options (no enterprise), for callers without a tenant. */
  enumOptions(db: Db, enumName: string) {
    return db
      .select()
      .from(enums)
      .where(and(eq(enums.enumName, enumName), isNull(enums.enterpriseId)))
      .orderBy(asc(enums.sort), asc(enums.value));
  },

  /**
   * Failed sign-ins in the window, in one statement: of one account of an enterprise, and from
   * one client address across enterprises (0 when the address is unknown).
   */
  async signInFailures(
    db: Db,
    enterpriseId: string,
    empNo: string,
    ip: string | null,
  ): Promise<{ account: number; address: number }> {
    const ofAccount = and(eq(loginAttempts.enterpriseId, enterpriseId), eq(loginAttempts.empNo, empNo));
    const fromAddress = ip === null ? sql`false` : eq(loginAttempts.ip, ip);
    const [row] = await db
      .select({
        account: sql<number>`(count(*) filter (where ${ofAccount}))::int`,
        address: sql<number>`(count(*) filter (where ${fromAddress}))::int`,
      })
      .from(loginAttempts)
      .where(and(or(ofAccount, fromAddress), gt(loginAttempts.attemptedAt, ATTEMPT_WINDOW)));
    return { account: row?.account ?? 0, address: row?.address ?? 0 };
  },

  /** Failed sign-ins from one client address in the window, across enterprises. */
  async failuresFromIp(db: Db, ip: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.attemptedAt, ATTEMPT_WINDOW)));
    return row?.n ?? 0;
  },
};

/** The queries of sign-in, sessions, navigation and enums, bound to one enterprise. */
function coreQueries(db: Db, enterpriseId: string) {
  const memberQuery = () =>
    db
      .select(memberColumns)
      .from(enterpriseUsers)
      .innerJoin(users, eq(users.id, enterpriseUsers.userId));

  return {
    navItems() {
      return db
        .select()
        .from(navItems)
        .where(eq(navItems.enterpriseId, enterpriseId))
        .orderBy(asc(navItems.sort), asc(navItems.id));
    },

    /** The enterprise's own options for an enum, or the global ones when it has none. */
    async enumOptions(enumName: string) {
      const rows = await db
        .select()
        .from(enums)
        .where(
          and(
            eq(enums.enumName, enumName),
            or(eq(enums.enterpriseId, enterpriseId), isNull(enums.enterpriseId)),
          ),
        )
        .orderBy(asc(enums.sort), asc(enums.value));
      const own = rows.filter((r) => r.enterpriseId !== null);
      return own.length > 0 ? own : rows;
    },

    async memberByEmpNo(empNo: string): Promise<Member | undefined> {
      const [row] = await memberQuery().where(
        and(eq(enterpriseUsers.enterpriseId, enterpriseId), eq(enterpriseUsers.empNo, empNo)),
      );
      return row;
    },

    async createSession(input: { tokenHash: string; enterpriseUserId: string; ttlSeconds: number }) {
      // Expired sessions of this member are no longer useful to anyone.
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.enterpriseId, enterpriseId),
            eq(sessions.enterpriseUserId, input.enterpriseUserId),
            lt(sessions.expiresAt, sql`now()`),
          ),
        );
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: input.tokenHash,
          enterpriseId,
          enterpriseUserId: input.enterpriseUserId,
          expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
        })
        .returning({ id: sessions.id });
      return row!;
    },

    /** The live session of a token hash in this enterprise, with its member. */
    async activeSession(tokenHash: string): Promise<{ sessionId: string; expiresAt: Date; member: Member } | undefined> {
      const [row] = await activeSessionQuery(db).execute({ tokenHash, enterpriseId });
      return row;
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), eq(sessions.enterpriseId, enterpriseId)));
    },

    /** Failed sign-ins for one employee number of this enterprise in the window. */
    async failuresFor(empNo: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.enterpriseId, enterpriseId),
            eq(loginAttempts.empNo, empNo),
            gt(loginAttempts.attemptedAt, ATTEMPT_WINDOW),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Records a failed sign-in (or a wrong current password), and prunes this account's and
     * address's rows past the window.
     */
    async recordFailure(empNo: string, ip: string | null): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(
          and(
            lt(loginAttempts.attemptedAt, ATTEMPT_WINDOW),
            or(
              and(eq(loginAttempts.enterpriseId, enterpriseId), eq(loginAttempts.empNo, empNo)),
              ip === null ? undefined : eq(loginAttempts.ip, ip),
            ),
          ),
        );
      await db.insert(loginAttempts).values({ enterpriseId, empNo, ip });
    },

    async clearFailures(empNo: string): Promise<void> {
      await db
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.enterpriseId, enterpriseId), eq(loginAttempts.empNo, empNo)));
    },
  };
}

/** Each area's queries, by the name a scoped handle offers them under. */
const areas = {
  accounts: accountScope,
  announcements: announcementScope,
  audit: auditQueries,
  authoring: authoringQueries,
  cards: cardQueries,
  certificates: certificateScope,
  comments: commentQueries,
  community: communityScope,
  courses: courseData,
  crmProjects: crmProjectScope,
  dynamics: dynamicQueries,
  exams: examScope,
  home: homeQueries,
  lecturers: lecturerData,
  ledger: ledgerQueries,
  live: liveScope,
  media: mediaQueries,
  periods: periodScope,
  people: peopleQueries,
  player: playerScope,
  reports: dataScope,
  search: searchQueries,
  signIn: signInScope,
  siteSettings: siteSettingsQueries,
  study: studyScope,
  taskAuthoring: taskAuthoringQueries,
  teaching: teachingQueries,
  uploads: uploadQueries,
};
type Areas = { readonly [K in keyof typeof areas]: ReturnType<(typeof areas)[K]> };

/**
 * The one way to tenant data: a handle bound to one enterprise, whose every query carries its id.
 * Each area's queries are made on first use (`scoped(db, eid).exams.paper(id)`).
 *
 * @example const t = scoped(ctx.db, ctx.tenant.id); await t.courses.course(id);
 */
export function scoped(db: Db, enterpriseId: string): Scoped {
  const handle: HandleState = Object.create(areaGetters);
  Object.assign(handle, { db, enterpriseId, made: new Map() }, coreQueries(db, enterpriseId));
  return handle as unknown as Scoped;
}

interface HandleState {
  db: Db;
  enterpriseId: string;
  /** The areas' queries made so far by this handle. */
  made: Map<keyof Areas, unknown>;
}

/** One getter per area, shared by every handle: an area's queries are made on first use, once per handle. */
const areaGetters: object = Object.defineProperties(
  {},
  Object.fromEntries(
    (Object.keys(areas) as (keyof Areas)[]).map((name) => [
      name,
      {
        get(this: HandleState) {
          if (!this.made.has(name)) this.made.set(name, areas[name](this.db, this.enterpriseId));
          return this.made.get(name);
        },
      },
    ]),
  ),
);

export type Scoped = { readonly db: Db; readonly enterpriseId: string } & ReturnType<typeof coreQueries> & Areas;
