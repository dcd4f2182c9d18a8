/**
 * Two gateway instances on one database, as two replicas behind a load balancer: each has its
 * own pool and its own unread notifier (on PostgreSQL, LISTEN/NOTIFY between them), and nothing
 * else in common but the database. Sessions, rate limits, captchas, codes, the live unread count
 * and the exam sweeper must behave as one gateway.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { MessageRecord, UnreadCount } from '@/api/home-types';
import type { LoginResult } from '@/api/types';
import { openDatabase, type Database } from './db/client';
import { examPapers } from './db/schema';
import { attachNotifier, createUnreadNotifier, type UnreadNotifier } from './notify/unread';
import { postgresTransport, type PostgresTransport } from './notify/transport';
import { streamTiming } from './modules/announcement/stream';
import { as, openStream, recordId, signIn, type StreamReader, type Who } from './modules/announcement/test-support';
import { consumeCaptcha, createCaptcha } from './captcha';
import { issueCode } from './modules/auth/codes';
import { takeHit } from './limits';
import { rowsOf } from './db/access/course-cards';
import { start, taskOf } from './modules/exam/test-support';
import { sweepExpiredPapers } from './modules/exam/sweeper';
import { createTestApp, testGatewayOn, type TestGateway } from './testing';

const url = process.env.DATABASE_URL;

describe('rate limits under hits at once', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestApp();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('allow exactly the limit, however many hits arrive together', async () => {
    const limit = { max: 7, windowSeconds: 60 };
    const hits = await Promise.all(Array.from({ length: 20 }, () => takeHit(gw.database.db, 'burst', '10.9.9.9', limit)));
    expect(hits.filter(Boolean)).toHaveLength(7);
    expect(await takeHit(gw.database.db, 'burst', '10.9.9.10', limit)).toBe(true);
  });
});

describe.skipIf(!url)('two gateway instances on one PostgreSQL', () => {
  let one: TestGateway;
  let two: TestGateway;
  let second: Database;
  const transports: PostgresTransport[] = [];
  const streams: StreamReader[] = [];

  /** A notifier of its own for an instance, over LISTEN/NOTIFY on the test schema's channel. */
  async function ownNotifier(database: Database, channel: string): Promise<UnreadNotifier> {
    const transport = postgresTransport({ connectionString: url!, db: database.db, channel });
    transports.push(transport);
    const notifier = createUnreadNotifier();
    await notifier.useTransport(transport);
    await transport.ready();
    attachNotifier(database.db, notifier);
    return notifier;
  }

  beforeAll(async () => {
    one = await createTestApp();
    const [row] = rowsOf<{ schema: string }>(await one.database.db.execute(sql`select current_schema() as schema`));
    const schema = row!.schema;
    second = await openDatabase({ databaseUrl: url, searchPath: schema, poolSize: 4 });
    two = testGatewayOn(second);
    await ownNotifier(one.database, `unread_${schema}`);
    await ownNotifier(second, `unread_${schema}`);
    // Each instance caches sessions on its own and hears the other's sign-outs.
    for (const [gw, database] of [[one, one.database], [two, second]] as const) {
      const transport = postgresTransport({ connectionString: url!, db: database.db, channel: `sessions_${schema}` });
      transports.push(transport);
      await gw.sessions.useTransport(transport);
      await transport.ready();
    }
    streamTiming.spreadMs = 0;
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await Promise.all(transports.map((t) => t.close()));
    await second?.close();
    await one?.close();
  });

  it('accepts a session made on one instance on the other, and ends it on both at sign-out', async () => {
    const token = await one.login('E1003');
    expect((await two.call('unreadCount', { token })).body.code).toBe(Code.OK);
    // Both instances now hold the session in their caches.
    expect((await one.call('unreadCount', { token })).body.code).toBe(Code.OK);
    expect(one.sessions.size()).toBeGreaterThan(0);
    expect((await two.call('logout', { token })).body.code).toBe(Code.OK);
    // The other instance hears of it over NOTIFY, long before its cached entry would run out.
    const started = Date.now();
    let code = Code.OK as number;
    while (Date.now() - started < 1_000 && code !== Code.UNAUTHORIZED) {
      code = (await one.call('unreadCount', { token })).body.code;
      if (code !== Code.UNAUTHORIZED) await new Promise((done) => setTimeout(done, 20));
    }
    expect(code).toBe(Code.UNAUTHORIZED);
  });

  it('counts failed sign-ins across both instances', async () => {
    const attempt = (gw: TestGateway) =>
      gw.call<LoginResult & { errorCount?: number; captchaRequired?: boolean }>('loginByEmpNo', {
        ip: '10.1.1.1',
        body: { empNo: 'E1006', password: 'wrong-password-1' },
      });
    const first = await attempt(one);
    const next = await attempt(two);
    expect(first.body.code).toBe(Code.LOGIN_ERROR);
    expect(next.body.data).toMatchObject({ errorCount: 2, captchaRequired: true });
    // The third try needs a captcha, on either instance.
    const third = await attempt(one);
    expect(third.body.data).toMatchObject({ captchaRequired: true });
  });

  it('shares rate limits, captchas and verification codes', async () => {
    const limit = { max: 5, windowSeconds: 60 };
    const hits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => takeHit((i % 2 ? one : two).database.db, 'shared', '10.2.2.2', limit)),
    );
    expect(hits.filter(Boolean)).toHaveLength(5);

    const captcha = await createCaptcha(one.database.db);
    expect(await consumeCaptcha(second.db, captcha.captchaKey, captcha.answer)).toBe(true);
    expect(await consumeCaptcha(one.database.db, captcha.captchaKey, captcha.answer)).toBe(false);

    const code = { phone: '13900000001', scene: 'register' as const, enterpriseId: null, ip: '10.3.3.3', deliver: false, message: (c: string) => c };
    expect((await issueCode(one.database.db, code)).resendIn).toBeGreaterThan(0);
    await expect(issueCode(second.db, code)).rejects.toMatchObject({ code: Code.TOO_MANY_REQUESTS });
  });

  it('moves the unread badge on one instance when announcements are published and read on the other', async () => {
    const learner: Who = await signIn(one, 'E1002');
    const admin: Who = await signIn(two, 'E1004');
    const stream = await openStream(two, learner);
    streams.push(stream);
    const first: UnreadCount = await stream.nextCount();

    const published = await as<MessageRecord>(one, admin, 'announcementSave', {
      body: { titleZh: '跨实例公告', titleEn: 'Across instances', contentZh: '内容', contentEn: 'Text' },
    });
    expect(published.body.code).toBe(Code.OK);
    expect(await stream.nextCount()).toEqual({ ...first, total: first.total + 1, announcements: first.announcements + 1 });

    await as(one, learner, 'messageView', { query: { id: await recordId(one, 'Across instances') } });
    expect(await stream.nextCount()).toEqual(first);
  });

  it('hands an overdue paper in once when both instances sweep at the same moment', async () => {
    const learner = await signIn(one, 'E1007');
    const task = await taskOf(one, learner, 'General assessment');
    const paper = await start(one, learner, task.taskId);
    const past = new Date(Date.now() - 60_000);
    await one.database.db.update(examPapers).set({ deadlineAt: past }).where(eq(examPapers.id, paper.paperId));

    const now = new Date();
    const handed = await Promise.all([sweepExpiredPapers(one.database.db, now), sweepExpiredPapers(second.db, now)]);
    expect(handed[0] + handed[1]).toBe(1);
    const [row] = await one.database.db.select().from(examPapers).where(eq(examPapers.id, paper.paperId));
    expect(row!.status).not.toBe(0);
    expect(row!.submitReason).toBe('timeout');
    expect(await sweepExpiredPapers(second.db, now)).toBe(0);
  });
});
