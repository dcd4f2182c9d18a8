/**
 * The member import: the template in the caller's language; the preview (an .xlsx by its bytes,
 * bounded in size and rows, every row checked and its problems answered in the caller's
 * language); the commit as a job writing the valid rows in one transaction, checked again
 * against the company as it is then, audited, with persons linked by phone; the refused rows in
 * the download centre; the status the page polls; all kept to the company.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AuditRecord } from '@/api/audit-types';
import type { CrmMember, ImportPreview, ImportStarted, ImportState } from '@/api/crm-people-types';
import type { DownloadUrl, ExportRecord } from '@/api/learning-types';
import type { LoginResult, PageResult } from '@/api/types';
import { localFileStore } from '../../files/store';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { settledExports } from '../data/exports';
import { IMPORT_MAX_ROWS, zipUnpackedSize } from './import';
import { companyTwoAdmin, generatedRows, memberSheet, sheetRows, uploadSheet, value } from './test-support';

let gw: TestGateway;
let dir: string;
let admin: string;
let two: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-member-import-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  admin = await gw.login('E1004');
  two = await companyTwoAdmin(gw);
}, 60_000);
afterAll(async () => {
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function templateOf(lang: 'zh' | 'en'): Promise<Response> {
  return gw.app.request(`http://${HOST_ONE}${gw.prefix}/user/crm/member/import/template?format=xlsx`, {
    headers: { 'accept-language': lang, token: admin },
  });
}

/** Twenty rows, two of them bad: a wrong phone (row 5) and an employee number repeated (row 12). */
function twentyRows() {
  const rows = generatedRows(20, 'M');
  rows[3]!.phone = '12345';
  rows[10]!.empNo = rows[2]!.empNo;
  return rows;
}

describe('the template', () => {
  it('is a spreadsheet with the headers in the caller’s language and one example row', async () => {
    for (const [lang, first] of [['zh', '姓名'], ['en', 'Name']] as const) {
      const res = await templateOf(lang);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      const rows = await sheetRows(await res.arrayBuffer());
      expect(rows).toHaveLength(2);
      expect(rows[0]![0]).toBe(first);
      expect(rows[1]![1]).toBe('E9001');
    }
  });

  it('reads back as a valid row when uploaded as it is', async () => {
    const bytes = new Uint8Array(await (await templateOf('en')).arrayBuffer());
    const { body } = await uploadSheet<ImportPreview>(gw, admin, bytes);
    expect(body.data).toMatchObject({ total: 1, valid: 1, refused: 0 });
  });

  it('needs format=xlsx', async () => {
    const { body } = await gw.call('crmMemberImportTemplate', { token: admin, query: {} });
    expect(body.code).toBe(Code.INVALID);
  });
});

describe('the preview', () => {
  it('checks every row and answers each problem in the caller’s language', async () => {
    const bytes = await memberSheet([
      { userName: '', empNo: 'P0001' },
      { userName: '名'.repeat(16), empNo: 'P0002' },
      { userName: '重复', empNo: 'P0002' },
      { userName: '已有', empNo: 'E1001' },
      { userName: '手机', empNo: 'P0004', phone: '1380013800' },
      { userName: '邮箱', empNo: 'P0005', email: 'a@b' },
      { userName: '证件', empNo: 'P0006', idCard: '110105194912310021' },
      { userName: '部门', empNo: 'P0007', department: '不存在的部门' },
      { userName: '岗位', empNo: 'P0008', post: '宇航员' },
      { userName: '类型', empNo: 'P0009', userType: '9' },
      { userName: '同事', empNo: 'P0010', phone: '13816620381' },
      { userName: '', empNo: '' , email: 'only@example.com' },
      { userName: '好人', empNo: 'P0011', department: '研发中心 / 架构部', post: 'P121', postLevel: '3岗-05', userType: '讲师', sex: '女', joiningTime: new Date(Date.UTC(2023, 0, 9)) },
    ]);
    const { body } = await uploadSheet<ImportPreview>(gw, admin, bytes);
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ total: 13, valid: 1, refused: 12 });
    const problems = body.data.rows.map((r) => r.problems.map((p) => `${p.field}:${p.message}`));
    expect(problems).toEqual([
      ['userName:请输入姓名'],
      ['userName:姓名不能超过 15 个字符'],
      ['empNo:工号在文件中重复'],
      ['empNo:工号已被本企业的成员使用'],
      ['phone:请输入正确的手机号'],
      ['email:请输入正确的邮箱'],
      ['idCard:请输入正确的身份证信息'],
      ['department:部门不存在'],
      ['post:岗位不存在'],
      ['userType:用户类型只能是 1（普通用户）、2（讲师）或 3（组织）'],
      ['phone:该手机号已是本企业的成员'],
      ['userName:请输入姓名', 'empNo:请输入工号'],
      [],
    ]);
    expect(body.data.rows[12]!.values).toMatchObject({ departmentId: 'D120', postId: 'P121', postLevelValue: '3_05', userTypeValue: '2', sexValue: '2', joiningTime: '2023-01-09' });
    expect(body.data.rows[0]!.row).toBe(2);
    const en = await uploadSheet<ImportPreview>(gw, admin, bytes, { lang: 'en' });
    expect(en.body.data.rows[4]!.problems[0]!.message).toBe('Enter a correct mobile number');
  });

  it('reads the headers of either language', async () => {
    const { body } = await uploadSheet<ImportPreview>(gw, admin, await memberSheet(generatedRows(3, 'H'), 'en'));
    expect(body.data).toMatchObject({ total: 3, valid: 3 });
  });

  it('refuses what is not an .xlsx by its bytes, whatever its name', async () => {
    const text = new TextEncoder().encode('姓名,工号\n张三,E1\n') as Uint8Array<ArrayBuffer>;
    for (const lang of ['zh', 'en'] as const) {
      const { res, body } = await uploadSheet(gw, admin, text, { lang });
      expect(res.status).toBe(422);
      expect(body.msg).toBe(lang === 'zh' ? '只能导入 .xlsx 格式的 Excel 文件' : 'Only Excel .xlsx files can be imported');
    }
    const zipNotSheet = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(0)]);
    expect((await uploadSheet(gw, admin, zipNotSheet)).body.code).toBe(Code.INVALID);
  });

  it('refuses a sheet without the required columns, without rows, or with too many rows', async () => {
    const noEmpNo = await memberSheet([{ userName: '张三' }], 'zh', [{ field: 'userName', header: { zh: '姓名', en: 'Name' }, width: 10 }]);
    expect((await uploadSheet(gw, admin, noEmpNo, { lang: 'en' })).body.msg).toBe('The file lacks required columns: Employee no.');
    expect((await uploadSheet(gw, admin, await memberSheet([]))).body.msg).toBe('文件中没有要导入的数据行');
    const tooMany = await memberSheet(generatedRows(IMPORT_MAX_ROWS + 1, 'X', 13000000000));
    expect((await uploadSheet(gw, admin, tooMany)).body.msg).toBe(`一次最多导入 ${IMPORT_MAX_ROWS} 行`);
  }, 60_000);

  it('refuses a JSON body and a file over the size limit', async () => {
    expect((await gw.call('crmMemberImportPreview', { token: admin, body: {} })).body.code).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
    const big = new Uint8Array(5 * 1024 * 1024 + 1) as Uint8Array<ArrayBuffer>;
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const { res, body } = await uploadSheet(gw, admin, big, { lang: 'en' });
    expect(res.status).toBe(413);
    expect(body.msg).toBe('The file can be at most 5 MB');
  });

  it('reads the unpacked size of a zip from its directory', async () => {
    const bytes = await memberSheet(generatedRows(2));
    expect(zipUnpackedSize(bytes)).toBeGreaterThan(bytes.length);
    expect(zipUnpackedSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('the import', () => {
  let started: ImportStarted;

  it('imports the valid rows in a job, refuses the rest into the download centre, and reports its progress', async () => {
    const rows = twentyRows();
    // One row is a person of company two (same phone): the member becomes that person here.
    rows[19]!.phone = '13770516248';
    const preview = (await uploadSheet<ImportPreview>(gw, admin, await memberSheet(rows))).body.data;
    expect(preview).toMatchObject({ total: 20, valid: 18, refused: 2 });
    expect(preview.rows.filter((r) => r.problems.length).map((r) => r.row)).toEqual([5, 12]);

    const commit = await gw.call<ImportStarted>('crmMemberImportCommit', { token: admin, body: { id: preview.id } });
    expect(commit.body.code).toBe(Code.OK);
    started = commit.body.data;
    expect(started.exportId).toEqual(expect.any(String));
    const before = await gw.call<ImportState>('crmMemberImportStatus', { token: admin, body: { id: preview.id } });
    expect(before.body.data).toMatchObject({ status: 'importing', total: 20 });

    expect(await gw.jobs.runDue()).toBe(1);
    const after = await gw.call<ImportState>('crmMemberImportStatus', { token: admin, body: { id: preview.id } });
    expect(after.body.data).toMatchObject({ status: 'done', progress: 100, imported: 18, refused: 2 });

    const members = await gw.call<PageResult<CrmMember>>('crmMemberPage', { token: admin, body: { keyword: 'M00', pageSize: 100 } });
    expect(members.body.data.totalCount).toBe(18);
    expect(members.body.data.list[0]).toMatchObject({ empNo: 'M0001', departmentName: '研发中心 · 前端开发部', postName: '前端工程师', postLevel: '1_01', isInitPassword: 0, sex: '1' });
    const person = await value(gw, sql`select id as v from users where phone = '13770516248'`);
    expect(await value(gw, sql`select user_id as v from enterprise_users where emp_no = 'M0020'`)).toBe(person);
    const first = await gw.call<LoginResult>('loginByEmpNo', { body: { empNo: 'M0001', password: 'Init@2026' } });
    expect(first.body.data.user.isInitPassword).toBe(0);

    const audit = await gw.call<PageResult<AuditRecord>>('auditPage', { token: admin, body: { objectType: 'member', action: 'import', pageSize: 100 } });
    expect(audit.body.data.totalCount).toBe(18);
    expect(audit.body.data.list[0]!.changes.map((c) => c.field)).not.toContain('passwordHash');
  });

  it('puts the refused rows with their reasons in the caller’s download centre', async () => {
    await settledExports();
    const records = await gw.call<PageResult<ExportRecord>>('exportRecordPage', { token: admin, body: {} });
    const record = records.body.data.list.find((r) => r.id === started.exportId)!;
    expect(record).toMatchObject({ exportStatus: 2 });
    expect(record.fileName).toMatch(/^成员导入未通过-\d{8}-\d{4}\.xlsx$/);
    const url = await gw.call<DownloadUrl>('exportRecordDownloadUrl', { token: admin, query: { id: record.id } });
    const file = await gw.app.request(`http://${HOST_ONE}${url.body.data.url}`);
    const rows = await sheetRows(await file.arrayBuffer());
    expect(rows).toHaveLength(3);
    expect(rows[1]![0]).toBe('5');
    expect(rows[1]!.at(-1)).toBe('手机号: 请输入正确的手机号');
    expect(rows[2]!.at(-1)).toBe('工号: 工号在文件中重复');
  });

  it('imports a preview once only', async () => {
    const { body } = await gw.call('crmMemberImportCommit', { token: admin, lang: 'en', body: { id: started.id } });
    expect(body).toMatchObject({ code: Code.INVALID, msg: 'This file has already been imported' });
    expect(await gw.jobs.runDue()).toBe(0);
  });

  it('checks the rows again at import: what changed since the preview refuses a row', async () => {
    const preview = (await uploadSheet<ImportPreview>(gw, admin, await memberSheet(generatedRows(3, 'R', 13500000000)))).body.data;
    expect(preview.valid).toBe(3);
    // Meanwhile someone is given one of the file's employee numbers.
    await gw.call('crmMemberCreate', { token: admin, body: { userName: '抢先', empNo: 'R0002' } });
    const commit = await gw.call<ImportStarted>('crmMemberImportCommit', { token: admin, body: { id: preview.id } });
    expect(commit.body.data.exportId).toBeNull();
    await gw.jobs.runDue();
    const state = await gw.call<ImportState>('crmMemberImportStatus', { token: admin, body: { id: preview.id } });
    expect(state.body.data).toMatchObject({ status: 'done', imported: 2, refused: 1 });
  });

  it('refuses a preview with nothing valid', async () => {
    const preview = (await uploadSheet<ImportPreview>(gw, admin, await memberSheet([{ userName: '', empNo: 'Z1' }]))).body.data;
    const { body } = await gw.call('crmMemberImportCommit', { token: admin, body: { id: preview.id } });
    expect(body).toMatchObject({ code: Code.INVALID, msg: '没有可以导入的行' });
  });

  it("keeps imports to their company: company two can neither import nor read company one's", async () => {
    const preview = (await uploadSheet<ImportPreview>(gw, admin, await memberSheet(generatedRows(2, 'W', 13400000000)))).body.data;
    for (const name of ['crmMemberImportCommit', 'crmMemberImportStatus'] as const) {
      expect((await gw.call(name, { token: two, host: HOST_TWO, body: { id: preview.id } })).body.code, name).toBe(Code.NOT_FOUND);
    }
    expect(await value(gw, sql`select status as v from member_imports where id = ${preview.id}`)).toBe('preview');
    // Company two's own import checks against its own organisation and members.
    const theirs = await uploadSheet<ImportPreview>(gw, two, await memberSheet([{ userName: '张伟', empNo: 'E1001', department: 'D110' }]), { host: HOST_TWO });
    expect(theirs.body.data.rows[0]!.problems.map((p) => p.key)).toEqual(['people.rule.departmentUnknown']);
  });
});
