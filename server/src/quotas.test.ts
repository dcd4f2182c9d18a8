/**
 * Per-member and per-company quotas through the real gateway: uploads per hour and stored bytes
 * (member and company), exports in flight (member and company), unread streams per sign-in and
 * per member. Parallel calls must not slip past any of them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { ExportStarted } from '@/api/learning-types';
import type { Envelope, UploadResult } from '@/api/types';
import { formatFileSize } from '@/lib/format';
import { enterpriseUsers, exportRecords, uploadedFiles } from './db/schema';
import { localFileStore, type FileStore } from './files/store';
import { fileForm, rawCall } from './modules/account/test-support';
import { openStream, type StreamReader } from './modules/announcement/test-support';
import { settledExports, STALE_EXPORT_SECONDS } from './modules/data/exports';
import { signIn, type Who } from './modules/exam/test-support';
import { DEFAULT_QUOTAS } from './quotas';
import { createTestApp, HOST_TWO, type TestGateway } from './testing';

/** A folder store whose writes can be held back, so exports stay in flight while a test looks. */
function heldStore(folder: string) {
  const inner = localFileStore(folder);
  let gate: Promise<void> | undefined;
  let open = () => {};
  const store: FileStore = {
    ...inner,
    async put(key, data) {
      await gate;
      await inner.put(key, data);
    },
  };
  return {
    store,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

let gw: TestGateway;
let dir: string;
let files: ReturnType<typeof heldStore>;
const who: Record<string, Who> = {};
const Q = DEFAULT_QUOTAS;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-quotas-'));
  files = heldStore(dir);
  gw = await createTestApp({ files: files.store });
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1004', 'E1006', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(async () => {
  files?.release();
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

const upload = (w: Who, lang: 'zh' | 'en' = 'zh') =>
  rawCall<UploadResult>(gw, 'uploadPic', { token: w.token, host: w.host, lang, body: fileForm(PNG, 'p.png', 'image/png') });

const eidOf = async (w: Who) =>
  (await gw.database.db.select({ eid: enterpriseUsers.enterpriseId }).from(enterpriseUsers).where(eq(enterpriseUsers.id, w.memberId)))[0]!.eid;

/** Rows in `uploaded_files` that take `bytes` for `w`, made two hours ago (outside the hourly window). */
async function fillStorage(w: Who, bytes: number): Promise<string[]> {
  const enterpriseId = await eidOf(w);
  const keys: string[] = [];
  const MAX_ROW = 2 ** 30;
  for (let left = bytes; left > 0; left -= MAX_ROW) {
    const key = `${enterpriseId}/filler${keys.length}${Date.now().toString(36)}.png`;
    keys.push(key);
    await gw.database.db.insert(uploadedFiles).values({
      enterpriseId,
      enterpriseUserId: w.memberId,
      key,
      contentType: 'image/png',
      size: Math.min(left, MAX_ROW),
      createdAt: sql`now() - interval '2 hours'`,
    });
  }
  return keys;
}

async function storedBytes(where: { memberId?: string; enterpriseId?: string }): Promise<number> {
  const [row] = await gw.database.db
    .select({ n: sql<number>`coalesce(sum(${uploadedFiles.size}), 0)::float8` })
    .from(uploadedFiles)
    .where(
      and(
        where.memberId ? eq(uploadedFiles.enterpriseUserId, where.memberId) : undefined,
        where.enterpriseId ? eq(uploadedFiles.enterpriseId, where.enterpriseId) : undefined,
      ),
    );
  return Number(row!.n);
}

describe('upload quotas', () => {
  it(`takes ${Q.uploadsPerMemberPerHour} uploads an hour from a member, even sent all at once, and refuses the next with 429`, async () => {
    const w = who.E1002!;
    const tries = await Promise.all(Array.from({ length: Q.uploadsPerMemberPerHour + 8 }, () => upload(w)));
    const taken = tries.filter((t) => t.body.code === Code.OK);
    const refused = tries.filter((t) => t.body.code !== Code.OK);
    expect(taken).toHaveLength(Q.uploadsPerMemberPerHour);
    expect(refused).toHaveLength(8);
    for (const r of refused) {
      expect(r.res.status).toBe(429);
      expect(r.body).toEqual({ code: Code.TOO_MANY_REQUESTS, msg: `每小时最多上传 ${Q.uploadsPerMemberPerHour} 个文件，请 60 分钟后再试`, data: null });
      expect(Number(r.res.headers.get('retry-after'))).toBeGreaterThan(3500);
    }
    // Refused uploads left nothing behind.
    const rows = await gw.database.db.select({ key: uploadedFiles.key }).from(uploadedFiles).where(eq(uploadedFiles.enterpriseUserId, w.memberId));
    expect(rows).toHaveLength(Q.uploadsPerMemberPerHour);
    const en = await upload(w, 'en');
    expect(en.body.msg).toBe(`You can upload at most ${Q.uploadsPerMemberPerHour} files an hour; please try again in 60 min`);
    // Another member, and another company, upload as before.
    expect((await upload(who.E1004!)).body.code).toBe(Code.OK);
    expect((await upload(who.B2001!)).body.code).toBe(Code.OK);
  });

  it('takes uploads again as the oldest of the hour leave the window, and says when', async () => {
    const w = who.E1002!;
    // The member's uploads were made 40 and 61 minutes ago: one is out of the window, the next frees in 20 minutes.
    const rows = await gw.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(eq(uploadedFiles.enterpriseUserId, w.memberId));
    await gw.database.db.update(uploadedFiles).set({ createdAt: sql`now() - interval '40 minutes'` }).where(eq(uploadedFiles.enterpriseUserId, w.memberId));
    await gw.database.db.update(uploadedFiles).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(uploadedFiles.id, rows[0]!.id));
    expect((await upload(w)).body.code).toBe(Code.OK);
    const refused = await upload(w);
    expect(refused.body.msg).toBe(`每小时最多上传 ${Q.uploadsPerMemberPerHour} 个文件，请 20 分钟后再试`);
    expect(Number(refused.res.headers.get('retry-after'))).toBeLessThanOrEqual(20 * 60);
  });

  it("refuses an upload that would take a member's stored uploads past their limit", async () => {
    const w = who.E1003!;
    await fillStorage(w, Q.uploadBytesPerMember - (await storedBytes({ memberId: w.memberId })) - PNG.length);
    expect((await upload(w)).body.code).toBe(Code.OK);
    const over = await upload(w);
    expect(over.res.status).toBe(429);
    const max = formatFileSize(Q.uploadBytesPerMember);
    expect(over.body.msg).toBe(
      `您上传的文件已达存储上限（${max}）。没有被使用的图片会在上传一天后自动清理，请删除不再使用的图片，或明天再试`,
    );
    expect((await upload(w, 'en')).body.msg).toBe(
      `Your uploads have reached their storage limit (${max}). Pictures not used anywhere are removed a day after upload: remove pictures you no longer use, or try again tomorrow`,
    );
  });

  it("refuses an upload that would take the company's stored uploads past its limit, for every member of it and no other company", async () => {
    const enterpriseId = await eidOf(who.E1004!);
    const fillers = await fillStorage(who.E1004!, Q.uploadBytesPerCompany - (await storedBytes({ enterpriseId })) - PNG.length);
    try {
      expect((await upload(who.E1007!)).body.code).toBe(Code.OK);
      const over = await upload(who.E1007!);
      expect(over.res.status).toBe(429);
      const max = formatFileSize(Q.uploadBytesPerCompany);
      expect(over.body.msg).toBe(`本企业的上传存储空间（${max}）已用完，请联系管理员，或明天再试`);
      expect((await upload(who.E1001!, 'en')).body.msg).toBe(`Your company's upload storage (${max}) is full; contact your administrator, or try again tomorrow`);
      expect((await upload(who.B2001!)).body.code).toBe(Code.OK);
    } finally {
      await gw.database.db.delete(uploadedFiles).where(inArray(uploadedFiles.key, fillers));
    }
  });
});

describe('export quotas', () => {
  afterEach(async () => {
    files.release();
    await settledExports();
  });

  const startExport = (w: Who, lang: 'zh' | 'en' = 'zh') =>
    gw.call<ExportStarted>('studyExport', { token: w.token, host: w.host, lang, body: {} });

  it(`keeps at most ${Q.exportsInFlightPerMember} exports of a member in flight, even asked for all at once`, async () => {
    const w = who.E1006!;
    files.hold();
    const tries = await Promise.all(Array.from({ length: Q.exportsInFlightPerMember + 4 }, () => startExport(w)));
    expect(tries.filter((t) => t.body.code === Code.OK)).toHaveLength(Q.exportsInFlightPerMember);
    const refused = tries.filter((t) => t.body.code !== Code.OK);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.res.status).toBe(429);
      expect(r.body).toEqual({
        code: Code.TOO_MANY_REQUESTS,
        msg: `您已有 ${Q.exportsInFlightPerMember} 个导出正在生成，请等其中一个完成后再试（进度见下载中心）`,
        data: null,
      });
    }
    expect((await startExport(w, 'en')).body.msg).toBe(
      `You already have ${Q.exportsInFlightPerMember} exports being prepared; please try again when one has finished (see the download centre)`,
    );
    const inFlight = await gw.database.db
      .select({ id: exportRecords.id })
      .from(exportRecords)
      .where(and(eq(exportRecords.enterpriseUserId, w.memberId), eq(exportRecords.exportStatus, 1)));
    expect(inFlight).toHaveLength(Q.exportsInFlightPerMember);
    // Another member is not held up by this one.
    expect((await startExport(who.E1007!)).body.code).toBe(Code.OK);

    // Once they have finished, the member may export again.
    files.release();
    await settledExports();
    expect((await startExport(w)).body.code).toBe(Code.OK);
  });

  it('does not count an export whose job died long ago (shown as failed)', async () => {
    const w = who.E1003!;
    const enterpriseId = await eidOf(w);
    await gw.database.db.insert(exportRecords).values(
      Array.from({ length: Q.exportsInFlightPerMember }, (_, i) => ({
        enterpriseId,
        enterpriseUserId: w.memberId,
        kind: 'trainingProgress',
        fileName: `stale-${i}.xlsx`,
        exportStatus: 1,
        createdAt: sql`now() - make_interval(secs => ${STALE_EXPORT_SECONDS + 60})`,
      })),
    );
    expect((await startExport(w)).body.code).toBe(Code.OK);
  });

  it(`keeps at most ${Q.exportsInFlightPerCompany} exports of a company in flight`, async () => {
    const enterpriseId = await eidOf(who.E1001!);
    files.hold();
    const [counted] = await gw.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exportRecords)
      .where(
        and(
          eq(exportRecords.enterpriseId, enterpriseId),
          eq(exportRecords.exportStatus, 1),
          sql`${exportRecords.createdAt} > now() - make_interval(secs => ${STALE_EXPORT_SECONDS})`,
        ),
      );
    const members = await gw.database.db
      .select({ id: enterpriseUsers.id })
      .from(enterpriseUsers)
      .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), inArray(enterpriseUsers.empNo, ['E1010', 'E1011', 'E1012', 'E1013', 'E1014', 'E1015'])));
    const fillers = await gw.database.db
      .insert(exportRecords)
      .values(
        Array.from({ length: Q.exportsInFlightPerCompany - Number(counted!.n) }, (_, i) => ({
          enterpriseId,
          enterpriseUserId: members[i % members.length]!.id,
          kind: 'trainingProgress',
          fileName: `busy-${i}.xlsx`,
          exportStatus: 1,
        })),
      )
      .returning({ id: exportRecords.id });
    try {
      const refused = await startExport(who.E1004!);
      expect(refused.res.status).toBe(429);
      expect(refused.body.msg).toBe(`本企业同时生成的导出已达上限（${Q.exportsInFlightPerCompany} 个），请几分钟后再试`);
      expect((await startExport(who.E1004!, 'en')).body.msg).toBe(
        `Your company already has ${Q.exportsInFlightPerCompany} exports being prepared; please try again in a few minutes`,
      );
      expect((await startExport(who.B2001!)).body.code).toBe(Code.OK);
    } finally {
      await gw.database.db.delete(exportRecords).where(inArray(exportRecords.id, fillers.map((f) => f.id)));
    }
  });
});

describe('unread stream quotas', () => {
  const open: StreamReader[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  async function stream(w: Who, lang = 'zh'): Promise<StreamReader | Envelope<null>> {
    const s = await openStream(gw, w, { 'accept-language': lang });
    if (s.res.headers.get('content-type')?.startsWith('text/event-stream')) {
      open.push(s);
      return s;
    }
    return (await s.res.json()) as Envelope<null>;
  }
  const isStream = (s: StreamReader | Envelope<null>): s is StreamReader => 'res' in s;

  it(`opens at most ${Q.unreadStreamsPerSession} streams on one sign-in, even all at once, and frees a slot when a stream ends`, async () => {
    const w = who.E1001!;
    const all = await Promise.all(Array.from({ length: Q.unreadStreamsPerSession + 3 }, () => stream(w)));
    const streams = all.filter(isStream);
    expect(streams).toHaveLength(Q.unreadStreamsPerSession);
    const refused = all.filter((s) => !isStream(s));
    expect(refused).toEqual(
      Array(3).fill({ code: Code.TOO_MANY_REQUESTS, msg: `本次登录打开的消息提醒连接已达上限（${Q.unreadStreamsPerSession} 个），请关闭部分页面后再试`, data: null }),
    );
    for (const s of streams) await s.nextCount();
    expect(await stream(w, 'en')).toMatchObject({
      msg: `This sign-in already has the most message alerts open (${Q.unreadStreamsPerSession}); close some tabs and try again`,
    });

    // A tab closed: its stream ends and another may open.
    await streams[0]!.close();
    await expect.poll(async () => {
      const next = await stream(w);
      return isStream(next);
    }).toBe(true);
    expect(isStream(await stream(w))).toBe(false);
    // The member's other sign-ins are not held up by this one.
    const other = { ...w, token: await gw.login('E1001', undefined, { ip: '203.0.113.99' }) };
    expect(isStream(await stream(other))).toBe(true);
  });

  it(`opens at most ${Q.unreadStreamsPerMember} streams for one member across sign-ins`, async () => {
    // Sign-ins from addresses of their own, as from other devices.
    const sessions: Who[] = [];
    for (let i = 0; i < Math.ceil(Q.unreadStreamsPerMember / Q.unreadStreamsPerSession) + 1; i++) {
      sessions.push({ ...who.E1007!, token: await gw.login('E1007', undefined, { ip: `203.0.113.${i + 1}` }) });
    }
    let opened = 0;
    for (const w of sessions.slice(0, -1)) {
      for (let i = 0; i < Q.unreadStreamsPerSession && opened < Q.unreadStreamsPerMember; i++) {
        expect(isStream(await stream(w))).toBe(true);
        opened++;
      }
    }
    const refused = await stream(sessions.at(-1)!);
    expect(refused).toEqual({
      code: Code.TOO_MANY_REQUESTS,
      msg: `您的账号打开的消息提醒连接已达上限（${Q.unreadStreamsPerMember} 个），请关闭其他设备或页面后再试`,
      data: null,
    });
    expect(await stream(sessions.at(-1)!, 'en')).toMatchObject({
      msg: `Your account already has the most message alerts open (${Q.unreadStreamsPerMember}); close tabs or sign out on other devices and try again`,
    });
    expect(isStream(await stream(who.E1004!))).toBe(true);
  });
});
