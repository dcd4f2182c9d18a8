import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificateCount,
  CertificateGrantResult,
  CertificateItem,
  CertificateVerification,
} from '@/api/certificate-types';
import { Code } from '@/api/codes';
import type { PageResult } from '@/api/types';
import { enterpriseUsers, userCertificates } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { dataOf, INITIAL_PASSWORD, memberOf, signIn, type Who } from '../home/test-support';
import { VERIFY_LIMIT } from './service';
import { certificateNamed, codeOf, heldRows } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1004: Who;
let b2001: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1004, b2001] = await Promise.all([signIn(gw, 'E1001'), signIn(gw, 'E1004'), signIn(gw, 'B2001', HOST_TWO)]);
});
afterAll(() => gw?.close());

const page = (who: Who, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<PageResult<CertificateItem>>(gw, who, 'certificatePage', { body, lang });
const counts = (who: Who) => dataOf<CertificateCount>(gw, who, 'certificateCount');
const YEAR_MS = 365 * 86_400_000;

describe('the caller’s certificates', () => {
  it('lists the held ones with their course or project, issue way, dates and code', async () => {
    const held = await page(e1001, { status: 1 });
    expect(held).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 1, totalPage: 1 });
    const [writing] = held.list;
    const course = await certificateNamed(gw, '职场写作规范结业证书');
    expect(writing).toMatchObject({
      certificateId: course.id,
      name: '职场写作规范结业证书',
      issueWay: 1,
      status: 1,
      expiresAt: null,
      source: { type: 'course', id: course.courseId, name: '职场写作规范' },
      code: await codeOf(gw, '职场写作规范结业证书', 'E1001'),
    });
    // Issued when he completed the course, 20 days before the seed.
    expect(Date.now() - new Date(writing!.issuedAt).getTime()).toBeGreaterThan(19 * 86_400_000);
    const en = await page(e1001, { status: 1 }, 'en');
    expect(en.list[0]).toMatchObject({ name: 'Workplace writing certificate', source: { name: 'Workplace writing' } });
  });

  it('lists the expired ones apart, and counts both for the tabs', async () => {
    const expired = await page(e1001, { status: 2 });
    expect(expired.totalCount).toBe(1);
    expect(expired.list[0]).toMatchObject({ name: '内训讲师资格证', issueWay: 2, status: 2, source: null });
    expect(new Date(expired.list[0]!.expiresAt!).getTime()).toBeLessThan(Date.now());
    expect(await counts(e1001)).toEqual({ held: 1, expired: 1 });
    // The held tab is the default.
    expect((await page(e1001)).list.map((c) => c.status)).toEqual([1]);
  });

  it('pages by the caller’s own certificates, a course certificate with its course', async () => {
    const e1019 = await signIn(gw, 'E1019', undefined, INITIAL_PASSWORD.localhost);
    expect(await counts(e1019)).toEqual({ held: 3, expired: 0 });
    const first = await page(e1019, { pageSize: 2 });
    expect(first).toMatchObject({ totalCount: 3, totalPage: 2 });
    const second = await page(e1019, { pageSize: 2, pageCurrent: 2 });
    const all = [...first.list, ...second.list];
    // Newest first: 消防安全合格证 90 days ago, 内训讲师资格证 200, 新员工训练营结业证书 4000.
    expect(all.map((c) => c.name)).toEqual(['消防安全合格证', '内训讲师资格证', '新员工训练营结业证书']);
    expect(all.map((c) => c.issueWay)).toEqual([1, 2, 2]);
    expect(all[0]!.source).toMatchObject({ type: 'course', name: '消防安全知识' });
    const fire = all[0]!;
    const months = (new Date(fire.expiresAt!).getTime() - new Date(fire.issuedAt).getTime()) / YEAR_MS;
    expect(months).toBeCloseTo(1, 1);
  });

  it('refuses a bad status or paging', async () => {
    for (const body of [{ status: 3 }, { status: '1' }, { pageSize: 0 }, { pageCurrent: 0 }]) {
      const { res, body: envelope } = await gw.call('certificatePage', { token: e1001.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(envelope.code).toBe(Code.INVALID);
    }
    expect((await gw.call('certificateCount')).body.code).toBe(Code.UNAUTHORIZED);
  });
});

describe('isolation', () => {
  it('never lists another member’s or another company’s certificates', async () => {
    for (const who of [e1001, e1004, b2001]) {
      const listed = [...(await page(who, { status: 1, pageSize: 100 })).list, ...(await page(who, { status: 2, pageSize: 100 })).list];
      const rows = await gw.database.db
        .select()
        .from(userCertificates)
        .where(and(eq(userCertificates.enterpriseUserId, who.memberId), eq(userCertificates.enterpriseId, who.enterpriseId)));
      expect(listed.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
      expect(await counts(who)).toEqual({ held: listed.filter((c) => c.status === 1).length, expired: listed.filter((c) => c.status === 2).length });
    }
    expect((await page(b2001)).list.map((c) => c.name)).toEqual(['精益生产上岗证']);
  });

  it('answers "not found" for the PDF of another member’s or company’s certificate', async () => {
    const theirs = (await heldRows(gw, (await certificateNamed(gw, '新员工训练营结业证书')).id, (await memberOf(gw, 'E1005')).id))[0]!;
    const otherCompany = (await page(b2001)).list[0]!;
    for (const id of [theirs.id, otherCompany.id, '00000000-0000-4000-8000-000000000000']) {
      const { res, body } = await gw.call('certificatePdf', { token: e1001.token, query: { id } });
      expect(res.status).toBe(404);
      expect(body).toEqual({ code: Code.NOT_FOUND, msg: '证书不存在', data: null });
    }
    expect((await gw.call('certificatePdf', { token: e1001.token, query: { id: 'nope' } })).body.code).toBe(Code.INVALID);
  });
});

describe('public verification', () => {
  const verify = (code: string, options: { host?: string; lang?: 'zh' | 'en'; ip?: string } = {}) =>
    gw.call<CertificateVerification>('certificateVerify', { query: { code }, ...options });

  it('answers only the holder, the names, the dates and the status of a held certificate', async () => {
    const code = await codeOf(gw, '职场写作规范结业证书', 'E1001');
    const { body } = await verify(code);
    expect(body.code).toBe(Code.OK);
    expect(Object.keys(body.data).sort()).toEqual(['certificateName', 'companyName', 'expiresAt', 'issuedAt', 'status', 'userName']);
    expect(body.data).toMatchObject({ userName: '张伟', certificateName: '职场写作规范结业证书', companyName: '星辰科技', expiresAt: null, status: 1 });
    const en = await verify(code, { lang: 'en' });
    expect(en.body.data).toMatchObject({ userName: '张伟', certificateName: 'Workplace writing certificate', companyName: 'Xingchen Technology' });
    // As typed by hand: lower case, spaces and dashes.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    expect((await verify(typed)).body.data).toEqual(body.data);
  });

  it('says an expired certificate is genuine but expired', async () => {
    const { body } = await verify(await codeOf(gw, '内训讲师资格证', 'E1001'));
    expect(body.data).toMatchObject({ userName: '张伟', certificateName: '内训讲师资格证', status: 2 });
    expect(new Date(body.data.expiresAt!).getTime()).toBeLessThan(Date.now());
  });

  it('gives one answer for an unknown, malformed or other company’s code', async () => {
    const theirs = await codeOf(gw, '精益生产上岗证', 'B2001', HOST_TWO);
    const answers = [];
    for (const code of ['ABCDEFGHJKMNPQRS', 'abc', '', '<script>alert(1)</script>', 'A'.repeat(500), theirs, `${theirs}2`]) {
      const { res, body } = await verify(code);
      expect(res.status, code).toBe(404);
      answers.push(body);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ code: Code.NOT_FOUND, msg: '未找到该证书，请核对验证码', data: null });
    expect((await verify('abc', { lang: 'en' })).body.msg).toBe('No such certificate. Please check the verification code');
    // A call without the parameter at all is malformed, and says which field is missing.
    expect((await gw.call('certificateVerify')).body).toMatchObject({ code: Code.INVALID, data: null });
    // The same code on its own company's host is genuine.
    expect((await verify(theirs, { host: HOST_TWO })).body.data).toMatchObject({ userName: '周婷', companyName: '青禾制造' });
  });

  it('finds the company by host, not by a stored enterprise id', async () => {
    const one = await codeOf(gw, '职场写作规范结业证书', 'E1001');
    const { body } = await gw.call('certificateVerify', { query: { code: one }, eid: b2001.enterpriseId });
    expect(body.code).toBe(Code.OK);
  });

  it('limits verifications per client address', async () => {
    const code = await codeOf(gw, '职场写作规范结业证书', 'E1001');
    for (let i = 0; i < VERIFY_LIMIT.max; i++) {
      expect((await verify(i % 2 ? code : 'ABCDEFGHJKMNPQRS', { ip: '203.0.113.7' })).res.status).not.toBe(429);
    }
    const refused = await verify(code, { ip: '203.0.113.7' });
    expect(refused.body).toEqual({ code: Code.TOO_MANY_REQUESTS, msg: '验证过于频繁，请稍后再试', data: null });
    expect((await verify(code, { ip: '203.0.113.8' })).body.code).toBe(Code.OK);
  });
});

describe('granting by hand', () => {
  const grant = (who: Who, body: object, lang: 'zh' | 'en' = 'zh') =>
    gw.call<CertificateGrantResult>('certificateGrant', { token: who.token, host: who.host, body, lang });

  it('is refused to anyone but an administrator', async () => {
    const fire = await certificateNamed(gw, '消防安全合格证');
    for (const who of [e1001, await signIn(gw, 'E1002'), await signIn(gw, 'E1003')]) {
      const { res, body } = await grant(who, { certificateId: fire.id, empNo: 'E1001' });
      expect(res.status).toBe(403);
      expect(body).toMatchObject({ code: Code.FORBIDDEN, msg: '只有管理员可以颁发证书' });
    }
    expect(await heldRows(gw, fire.id, e1001.memberId)).toEqual([]);
  });

  it('issues a certificate now, by hand, with its expiry; the holder sees it', async () => {
    const fire = await certificateNamed(gw, '消防安全合格证');
    const { body } = await grant(e1004, { certificateId: fire.id, empNo: 'E1005' });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ name: '消防安全合格证', issueWay: 2, status: 1, userName: '陈静', empNo: 'E1005', source: { type: 'course' } });
    expect(Math.abs(Date.now() - new Date(body.data.issuedAt).getTime())).toBeLessThan(60_000);
    expect((new Date(body.data.expiresAt!).getTime() - new Date(body.data.issuedAt).getTime()) / YEAR_MS).toBeCloseTo(1, 1);
    const [row] = await heldRows(gw, fire.id, (await memberOf(gw, 'E1005')).id);
    expect(row).toMatchObject({ id: body.data.id, code: body.data.code, issueWay: 2 });
    expect((await gw.call<CertificateVerification>('certificateVerify', { query: { code: body.data.code } })).body.data.userName).toBe('陈静');
  });

  it('refuses one still held, and issues an expired one again', async () => {
    const trainer = await certificateNamed(gw, '内训讲师资格证');
    const again = await grant(e1004, { certificateId: trainer.id, empNo: 'E1002' });
    expect(again.body).toMatchObject({ code: Code.INVALID, msg: '李娜 已持有该证书，且仍在有效期内' });
    const e1022 = (await memberOf(gw, 'E1022')).id;
    const [before] = await heldRows(gw, trainer.id, e1022);
    expect(before!.expiresAt!.getTime()).toBeLessThan(Date.now());
    const renewed = await grant(e1004, { certificateId: trainer.id, empNo: 'E1022' }, 'en');
    expect(renewed.body.data).toMatchObject({ id: before!.id, name: 'In-house trainer certificate', status: 1, issueWay: 2 });
    expect(await heldRows(gw, trainer.id, e1022)).toHaveLength(1);
  });

  it('answers "not found" for another company’s certificate or an unknown employee, and checks its input', async () => {
    const theirs = await certificateNamed(gw, '精益生产上岗证');
    expect((await grant(e1004, { certificateId: theirs.id, empNo: 'E1001' })).body).toMatchObject({ code: Code.NOT_FOUND, msg: '证书不存在' });
    const fire = await certificateNamed(gw, '消防安全合格证');
    expect((await grant(e1004, { certificateId: fire.id, empNo: 'B2001' })).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: '本企业没有工号为 B2001 的员工',
    });
    for (const body of [{ certificateId: 'x', empNo: 'E1001' }, { certificateId: fire.id }, { certificateId: fire.id, empNo: 'E'.repeat(21) }]) {
      expect((await grant(e1004, body)).body.code, JSON.stringify(body)).toBe(Code.INVALID);
    }
    const members = await gw.database.db.select().from(enterpriseUsers).where(eq(enterpriseUsers.empNo, 'B2001'));
    expect(await heldRows(gw, fire.id, members[0]!.id)).toEqual([]);
  });
});
