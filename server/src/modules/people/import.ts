/**
 * Members from a spreadsheet. The template (headers in the caller's language, one example row);
 * the preview: an .xlsx upload, judged by its bytes (a zip whose parts unpack to a bounded size),
 * of at most {@link IMPORT_MAX_ROWS} data rows, each row checked (the shared member rules, the
 * company's departments, posts and post levels, employee numbers and phones repeated in the file
 * or already the company's) and kept in `member_imports` with its problems; the commit: a job
 * that checks the valid rows again against the company as it is then and writes them in one
 * transaction (persons linked by phone, the initial password hash read once), with its progress
 * in `jobs.progress`; the refused rows, with their reasons, go to the caller's download centre.
 */
import { Code } from '@/api/codes';
import type { ImportPreview, ImportStarted, ImportState, ImportStatus } from '@/api/crm-people-types';
import type { Locale } from '@/i18n/routes';
import { memberFieldProblems, type FieldProblem, type PeopleRuleKey } from '@/lib/schemas/people';
import ExcelJS from 'exceljs';
import { recordAudit, type Actor } from '../../audit';
import { global, scoped, type Scoped } from '../../db/access';
import type { ImportRow, MemberValues, OrgRecord } from '../../db/access/people';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import type { ExportColumn, Texts } from '../../exports';
import { t } from '../../i18n';
import { defineJob, jobState, type JobContext } from '../../jobs/queue';
import { assignJoiningMembers } from '../tasks/service';
import type { AuthContext } from '../../routing';
import { startExport } from '../data/service';
import { MEMBER_AUDITED, organisationOf, userNoFor, type Organisation } from './members';
import { orgPaths } from './org';
import { inLang } from '../../localized';

/** Data rows one spreadsheet may hold. */
export const IMPORT_MAX_ROWS = 5_000;
/** Largest spreadsheet accepted (within the gateway's multipart body limit). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Largest total of its unpacked parts: a small zip that unpacks to gigabytes is refused unread. */
export const IMPORT_MAX_UNPACKED_BYTES = 80 * 1024 * 1024;
/** The multipart field that carries the file. */
export const IMPORT_FIELD = 'file';
/** Longest cell text kept of an imported row (longer ones are refused by the rules anyway). */
const CELL_MAX = 100;
/** How often, and how long, the refused rows' export waits for its import. */
const WAIT_POLL_MS = 250;
const WAIT_MAX_MS = 20 * 60_000;
/** Tries of an import job: it is done once, atomically, so a retry only follows a failure. */
const IMPORT_ATTEMPTS = 2;

export type ImportField = 'userName' | 'empNo' | 'phone' | 'email' | 'idCard' | 'sex' | 'joiningTime' | 'department' | 'post' | 'postLevel' | 'userType';

interface ImportColumn {
  field: ImportField;
  header: Texts;
  width: number;
  required?: true;
}

/** The spreadsheet's columns, in template order. */
export const IMPORT_COLUMNS: ImportColumn[] = [
  { field: 'userName', header: { zh: '姓名', en: 'Name' }, width: 14, required: true },
  { field: 'empNo', header: { zh: '工号', en: 'Employee no.' }, width: 14, required: true },
  { field: 'phone', header: { zh: '手机号', en: 'Mobile' }, width: 16 },
  { field: 'email', header: { zh: '邮箱', en: 'Email' }, width: 28 },
  { field: 'idCard', header: { zh: '身份证号', en: 'ID card no.' }, width: 22 },
  { field: 'sex', header: { zh: '性别', en: 'Sex' }, width: 8 },
  { field: 'joiningTime', header: { zh: '入职日期', en: 'Joining date' }, width: 14 },
  { field: 'department', header: { zh: '部门', en: 'Department' }, width: 28 },
  { field: 'post', header: { zh: '岗位', en: 'Post' }, width: 20 },
  { field: 'postLevel', header: { zh: '岗位职级', en: 'Post level' }, width: 12 },
  { field: 'userType', header: { zh: '用户类型', en: 'User type' }, width: 12 },
];

const TEMPLATE_TITLE: Texts = { zh: '成员导入模板', en: 'member-import-template' };
const REFUSED_TITLE: Texts = { zh: '成员导入未通过', en: 'member-import-refused' };
const SHEET_NAME: Texts = { zh: '成员', en: 'Members' };
const NOTES_NAME: Texts = { zh: '填写说明', en: 'Notes' };
const NOTES: Texts[] = [
  { zh: '姓名、工号必填；姓名不超过 15 个字符，工号不超过 20 个字符且不能重复。', en: 'Name and employee number are required: a name of at most 15 characters, a unique employee number of at most 20.' },
  { zh: '手机号、邮箱、身份证号、入职日期（年-月-日）选填，填写时须格式正确。', en: 'Mobile, email, ID card number and joining date (YYYY-MM-DD) are optional; when given they must be correct.' },
  { zh: '手机号已属于其他企业的成员时，新成员与该人员为同一身份。', en: 'A mobile number that already belongs to a person of another company makes the new member that same person.' },
  { zh: '部门、岗位填写编号或名称；岗位职级填写 1_01 这样的值。', en: 'Department and post: their code or name. Post level: a value such as 1_01.' },
  { zh: '用户类型：1 普通用户、2 讲师、3 组织（不填为 1）。性别：男 或 女。', en: 'User type: 1 normal user, 2 lecturer, 3 organisation (1 when empty). Sex: Male or Female.' },
  { zh: `每个文件最多 ${IMPORT_MAX_ROWS} 行；新成员使用企业初始密码，首次登录时修改。`, en: `At most ${IMPORT_MAX_ROWS} rows per file. New members get the company's initial password and change it at first sign-in.` },
];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Content-Disposition` of a download, keeping a UTF-8 name (RFC 6266 `filename*`). */
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A leaf of a tree (the first node without children), for the template's example row. */
function firstLeaf(rows: OrgRecord[]): OrgRecord | undefined {
  return rows.find((r) => !rows.some((c) => c.parentId === r.id && c.id !== r.id)) ?? rows[0];
}

/** `crmMemberImportTemplate`: the spreadsheet to fill in, its headers and example in the caller's language. */
export async function importTemplate(ctx: AuthContext): Promise<Response> {
  const lang = ctx.lang;
  const org = await organisationOf(ctx.scope);
  const department = firstLeaf(org.departments);
  const post = firstLeaf(org.posts);
  const example: Record<ImportField, string> = {
    userName: lang === 'en' ? 'Zhang San' : '张三',
    empNo: 'E9001',
    phone: '13800138000',
    email: 'zhang.san@example.com',
    idCard: '11010519491231002X',
    sex: lang === 'en' ? 'Male' : '男',
    joiningTime: '2024-03-01',
    department: department ? (inLang(lang, department.nameZh, department.nameEn)) : '',
    post: post ? (inLang(lang, post.nameZh, post.nameEn)) : '',
    postLevel: '1_01',
    userType: '1',
  };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  // Text cells throughout: long numbers (phones, ID cards) and dates stay as typed.
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.header[lang], width: c.width, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => example[c.field]));
  const notes = workbook.addWorksheet(NOTES_NAME[lang]);
  notes.columns = [{ width: 110 }];
  for (const note of NOTES) notes.addRow([note[lang]]);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return new Response(bytes, {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Length': String(bytes.length),
      'Content-Disposition': attachment(`${TEMPLATE_TITLE[lang]}.xlsx`),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

// ---- Reading the upload

/**
 * The total size of a zip's parts once unpacked, from its central directory; undefined when the
 * bytes are not a plain zip (no local header first, no end record, or ZIP64 sizes).
 */
export function zipUnpackedSize(bytes: Uint8Array): number | undefined {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return undefined;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** The uploaded file's own name, without folders or control characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 100).join('') || 'members.xlsx';
}

async function readUpload(ctx: AuthContext): Promise<{ name: string; bytes: Uint8Array }> {
  const type = ctx.c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE, 'people.import.multipart');
  let form: FormData;
  try {
    form = await ctx.c.req.formData();
  } catch {
    throw new ApiError(Code.INVALID, 'people.import.multipart');
  }
  const file = form.get(IMPORT_FIELD);
  if (!(file instanceof File) || file.size === 0) throw new ApiError(Code.INVALID, 'people.import.empty');
  if (file.size > IMPORT_MAX_BYTES) throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'people.import.tooLarge', null, { max: IMPORT_MAX_BYTES / 1024 / 1024 });
  return { name: displayName(file.name), bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** A date as `YYYY-MM-DD` from an Excel day number (days since 1899-12-30). */
function excelDay(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** A cell's value as text: dates as `YYYY-MM-DD`, rich text and links as their text, formulas as their result. */
function cellText(value: ExcelJS.CellValue, field?: ImportField): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    if (field === 'joiningTime' && Number.isInteger(value) && value > 20_000 && value < 80_000) return excelDay(value);
    return Number.isSafeInteger(value) ? String(value) : String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null, field);
  if ('text' in value && typeof value.text === 'string') return value.text;
  return '';
}

const clean = (text: string) => [...text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim()].slice(0, CELL_MAX).join('');
const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

interface SheetRow {
  row: number;
  values: Record<ImportField, string>;
}

/** The data rows of the first sheet, by the header row's columns (in either language). */
async function readSheet(bytes: Uint8Array, lang: Locale): Promise<SheetRow[]> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === undefined) throw new ApiError(Code.INVALID, 'people.import.format');
  if (unpacked > IMPORT_MAX_UNPACKED_BYTES) throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'people.import.tooLarge', null, { max: IMPORT_MAX_BYTES / 1024 / 1024 });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw new ApiError(Code.INVALID, 'people.import.format');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError(Code.INVALID, 'people.import.noRows');
  const headerTexts = new Map<string, ImportField>();
  for (const c of IMPORT_COLUMNS) for (const text of Object.values(c.header)) headerTexts.set(normal(text), c.field);
  const columns = new Map<number, ImportField>();
  sheet.getRow(1).eachCell((cell, index) => {
    const field = headerTexts.get(normal(cellText(cell.value)));
    if (field && ![...columns.values()].includes(field)) columns.set(index, field);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && ![...columns.values()].includes(c.field));
  if (missing.length > 0) {
    throw new ApiError(Code.INVALID, 'people.import.columnsMissing', null, { columns: missing.map((c) => c.header[lang]).join(lang === 'en' ? ', ' : '、') });
  }
  if (sheet.actualRowCount - 1 > IMPORT_MAX_ROWS) throw new ApiError(Code.INVALID, 'people.import.tooManyRows', null, { max: IMPORT_MAX_ROWS });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, ''])) as Record<ImportField, string>;
    for (const [index, field] of columns) values[field] = clean(cellText(row.getCell(index).value, field));
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: number, values });
  });
  if (rows.length === 0) throw new ApiError(Code.INVALID, 'people.import.noRows');
  if (rows.length > IMPORT_MAX_ROWS) throw new ApiError(Code.INVALID, 'people.import.tooManyRows', null, { max: IMPORT_MAX_ROWS });
  return rows;
}

// ---- Checking rows

type Resolution = { id: string } | { problem: 'unknown' | 'ambiguous' };

/** Finds a department (or post) by its code, name or path, in either language. */
function orgResolver(rows: OrgRecord[]): (text: string) => Resolution {
  const paths = orgPaths(rows);
  const ids = new Set(rows.map((r) => r.id));
  const byText = new Map<string, Set<string>>();
  const path = (text: string) => normal(text).replace(/\s*[·/>＞／]\s*/g, ' · ');
  const add = (text: string, id: string) => byText.set(path(text), (byText.get(path(text)) ?? new Set()).add(id));
  for (const r of rows) {
    const p = paths.get(r.id)!;
    for (const text of [r.nameZh, r.nameEn, p.zh, p.en]) add(text, r.id);
  }
  return (text) => {
    if (ids.has(text)) return { id: text };
    const found = byText.get(path(text));
    if (!found) return { problem: 'unknown' };
    return found.size === 1 ? { id: [...found][0]! } : { problem: 'ambiguous' };
  };
}

interface Lists {
  department: (text: string) => Resolution;
  post: (text: string) => Resolution;
  /** Post level by value or label. */
  postLevels: Map<string, string>;
  /** User type by value or label. */
  userTypes: Map<string, number>;
}

const SEXES = new Map([
  ['1', '1'], ['男', '1'], ['male', '1'], ['m', '1'],
  ['2', '2'], ['女', '2'], ['female', '2'], ['f', '2'],
]);

async function listsOf(scope: Scoped, org: Organisation): Promise<Lists> {
  const [levels, types] = await Promise.all([scope.enumOptions('postLevel'), scope.enumOptions('userType')]);
  const postLevels = new Map<string, string>();
  for (const l of levels) for (const text of [l.value, l.labelZh, l.labelEn]) postLevels.set(normal(text), l.value);
  const userTypes = new Map<string, number>();
  for (const u of types) for (const text of [u.value, u.labelZh, u.labelEn]) userTypes.set(normal(text), Number(u.value));
  for (const n of [1, 2, 3]) userTypes.set(String(n), n);
  return { department: orgResolver(org.departments), post: orgResolver(org.posts), postLevels, userTypes };
}

/** What the company already has of the file's employee numbers and phones. */
interface Taken {
  empNos: Set<string>;
  phones: Set<string>;
}

/**
 * Checks every row: the shared member rules, the organisation fields against the company's
 * lists, and employee numbers and phones against the rows above and the company's members.
 * Resolved values are kept beside the typed ones (`departmentId`, `postId`, `postLevelValue`,
 * `userTypeValue`, `sexValue`).
 */
export function checkRows(rows: SheetRow[], lists: Lists, taken: Taken): ImportRow[] {
  const seenEmpNos = new Set<string>();
  const seenPhones = new Set<string>();
  return rows.map(({ row, values: v }) => {
    const problems: FieldProblem[] = memberFieldProblems(v);
    const add = (field: ImportField, key: PeopleRuleKey) => problems.push({ field, key });
    const resolved: Record<string, string> = { departmentId: '', postId: '', postLevelValue: '', userTypeValue: '1', sexValue: '' };
    if (v.sex) {
      const sex = SEXES.get(normal(v.sex));
      if (sex) resolved.sexValue = sex;
      else add('sex', 'people.rule.sexUnknown');
    }
    for (const field of ['department', 'post'] as const) {
      if (!v[field]) continue;
      const found = lists[field](v[field]);
      if ('id' in found) resolved[`${field}Id`] = found.id;
      else add(field, `people.rule.${field}${found.problem === 'unknown' ? 'Unknown' : 'Ambiguous'}` as PeopleRuleKey);
    }
    if (v.postLevel) {
      const level = lists.postLevels.get(normal(v.postLevel));
      if (level) resolved.postLevelValue = level;
      else add('postLevel', 'people.rule.postLevelUnknown');
    }
    if (v.userType) {
      const type = lists.userTypes.get(normal(v.userType));
      if (type) resolved.userTypeValue = String(type);
      else add('userType', 'people.rule.userTypeUnknown');
    }
    if (v.empNo) {
      if (seenEmpNos.has(v.empNo)) add('empNo', 'people.rule.empNoDuplicate');
      else if (taken.empNos.has(v.empNo)) add('empNo', 'people.rule.empNoTaken');
      seenEmpNos.add(v.empNo);
    }
    if (v.phone) {
      if (seenPhones.has(v.phone)) add('phone', 'people.rule.phoneDuplicate');
      else if (taken.phones.has(v.phone)) add('phone', 'people.rule.phoneTaken');
      seenPhones.add(v.phone);
    }
    return { row, values: { ...v, ...resolved }, problems };
  });
}

const isValid = (row: ImportRow) => row.problems.length === 0;

async function takenOf(people: Scoped['people'], rows: { values: Record<string, string> }[]): Promise<Taken> {
  const empNos = [...new Set(rows.map((r) => r.values.empNo!).filter(Boolean))];
  const phones = [...new Set(rows.map((r) => r.values.phone!).filter(Boolean))];
  const [takenEmpNos, members] = await Promise.all([people.takenEmpNos(empNos), people.membersByPhones(phones)]);
  return { empNos: takenEmpNos, phones: new Set(members.keys()) };
}

function previewOf(id: string, fileName: string, rows: ImportRow[], lang: Locale): ImportPreview {
  const valid = rows.filter(isValid).length;
  return {
    id,
    fileName,
    total: rows.length,
    valid,
    refused: rows.length - valid,
    rows: rows.map((r) => ({ row: r.row, values: r.values, problems: r.problems.map((p) => ({ ...p, message: t(lang, p.key as PeopleRuleKey) })) })),
  };
}

/** `crmMemberImportPreview`: reads and checks the uploaded spreadsheet and keeps it for the import. */
export async function importPreview(ctx: AuthContext): Promise<ImportPreview> {
  const { name, bytes } = await readUpload(ctx);
  const sheet = await readSheet(bytes, ctx.lang);
  const org = await organisationOf(ctx.scope);
  const [lists, taken] = await Promise.all([listsOf(ctx.scope, org), takenOf(ctx.scope.people, sheet)]);
  const rows = checkRows(sheet, lists, taken);
  const refused = rows.filter((r) => !isValid(r)).length;
  const saved = await ctx.scope.people.createImport({ createdBy: ctx.member.id, fileName: name, rows, refused });
  return previewOf(saved.id, name, rows, ctx.lang);
}

// ---- Importing

interface ImportJob {
  importId: string;
  actorId: string;
  actorName: string;
}

/** The members a row makes, from its checked and resolved values. */
function valuesOf(row: ImportRow, departmentPaths: Map<string, { zh: string }>, postNames: Map<string, string>): MemberValues {
  const v = row.values;
  const departmentId = v.departmentId ?? '';
  const postId = v.postId ?? '';
  return {
    userName: v.userName!,
    empNo: v.empNo!,
    email: v.email ?? '',
    idCard: (v.idCard ?? '').toUpperCase(),
    sex: v.sexValue ?? '',
    joiningTime: v.joiningTime || null,
    departmentId,
    departmentName: departmentId ? (departmentPaths.get(departmentId)?.zh ?? '') : '',
    postId,
    postName: postId ? (postNames.get(postId) ?? '') : '',
    postLevel: v.postLevelValue ?? '',
    userType: Number(v.userTypeValue || 1),
    isAdmin: false,
    dataSource: 0,
  };
}

/**
 * The job: checks the import's valid rows again against the company as it is now (what changed
 * since the preview refuses a row), then writes every row still valid in one transaction, and
 * records the outcome with it. Done once: a job taken again after its transaction committed finds
 * the import done and does nothing.
 */
export async function runImport(db: Db, eid: string, payload: ImportJob, progress: (percent: number) => Promise<void>): Promise<void> {
  const people = scoped(db, eid).people;
  const saved = await people.importById(payload.importId);
  if (!saved || saved.status !== 'importing') return;
  const enterprise = await global.enterpriseById(db, eid);
  if (!enterprise) return;
  await progress(5);
  const org = await organisationOf(scoped(db, eid));
  const lists = await listsOf(scoped(db, eid), org);
  const candidates = saved.rows.filter(isValid);
  const taken = await takenOf(people, candidates);
  // The rows as checked now; rows refused at the preview keep their problems.
  const recheck = new Map(checkRows(candidates.map((r) => ({ row: r.row, values: r.values as Record<ImportField, string> })), lists, taken).map((r) => [r.row, r]));
  const rows = saved.rows.map((r) => recheck.get(r.row) ?? r);
  const valid = rows.filter(isValid);
  await progress(20);

  const departmentPaths = orgPaths(org.departments);
  const postNames = new Map(org.posts.map((p) => [p.id, p.nameZh]));
  const values = valid.map((r) => valuesOf(r, departmentPaths, postNames));
  const takenUserNos = await people.takenUserNos(values.map((v) => `${enterprise.code}-${v.empNo}`));
  const actor: Actor = { id: payload.actorId, userName: payload.actorName };
  const report = (percent: number) => void progress(percent).catch(() => {});

  await db.transaction(async (tx) => {
    const t = scoped(tx, eid);
    const phones = values.map((_, i) => valid[i]!.values.phone ?? '').filter(Boolean);
    const byPhone = await t.people.personsForPhones(phones);
    const withoutPhone = await t.people.newPersons(values.length - phones.length);
    report(40);
    const members = values.map((v, i) => {
      const phone = valid[i]!.values.phone;
      return { ...v, userId: phone ? byPhone.get(phone)! : withoutPhone.pop()!, userNo: userNoFor(enterprise.code, v.empNo, takenUserNos) };
    });
    const ids = await t.people.insertMembers(members);
    await assignJoiningMembers(tx, eid, ids);
    report(80);
    for (let i = 0; i < ids.length; i += 1_000) {
      await recordAudit(
        t,
        actor,
        ids.slice(i, i + 1_000).map((id, j) => {
          const v = values[i + j]!;
          const after: Record<string, unknown> = { ...v, phone: valid[i + j]!.values.phone ?? '', joiningTime: v.joiningTime ?? '', status: 1 };
          return {
            action: 'import',
            objectType: 'member',
            objectId: id,
            objectLabel: v.userName,
            changes: MEMBER_AUDITED.filter((f) => after[f] !== '' && after[f] !== null && after[f] !== false).map((field) => ({ field, before: null, after: after[field] })),
          };
        }),
      );
    }
    await t.people.finishImport(payload.importId, { status: 'done', imported: ids.length, refused: rows.length - ids.length, rows });
  });
}

export const memberImportJob = defineJob<ImportJob>(
  'people.member-import',
  async (payload, job: JobContext) => {
    if (!job.enterpriseId) return;
    try {
      await runImport(job.db, job.enterpriseId, payload, job.progress);
    } catch (error) {
      // The last try: the import is recorded as failed, which its page and its export then show.
      if (job.attempt >= IMPORT_ATTEMPTS) {
        const saved = await scoped(job.db, job.enterpriseId).people.importById(payload.importId);
        await scoped(job.db, job.enterpriseId).people.finishImport(payload.importId, { status: 'failed', imported: 0, refused: saved?.refused ?? 0 });
      }
      throw error;
    }
  },
  { maxAttempts: IMPORT_ATTEMPTS },
);

/** Where an import stands: its own status, and a job that failed for good reported as failed. */
async function stateOf(db: Db, eid: string, id: string): Promise<ImportState | undefined> {
  const saved = await scoped(db, eid).people.importState(id);
  if (!saved) return undefined;
  let status = saved.status as ImportStatus;
  let progress = status === 'done' ? 100 : 0;
  if (status === 'importing' && saved.jobId) {
    const job = await jobState(db, saved.jobId);
    if (job?.status === 'failed') status = 'failed';
    progress = Math.min(99, job?.progress ?? 0);
  }
  return { id: saved.id, fileName: saved.fileName, status, progress, total: saved.total, imported: saved.imported, refused: saved.refused };
}

export async function importStatus(ctx: AuthContext, id: string): Promise<ImportState> {
  const state = await stateOf(ctx.db, ctx.tenant.id, id);
  if (!state) throw new ApiError(Code.NOT_FOUND, 'people.import.notFound');
  return state;
}

/** Columns of the refused rows' spreadsheet: the row, what it said, and why it was refused. */
function refusedColumns(): ExportColumn<ImportRow>[] {
  return [
    { header: { zh: '行号', en: 'Row' }, width: 8, cell: (r) => r.row },
    ...IMPORT_COLUMNS.map((c): ExportColumn<ImportRow> => ({ header: c.header, width: c.width, cell: (r) => r.values[c.field] ?? '' })),
    {
      header: { zh: '未通过原因', en: 'Reasons' },
      width: 60,
      cell: (r, lang) => r.problems.map((p) => `${IMPORT_COLUMNS.find((c) => c.field === p.field)?.header[lang] ?? p.field}: ${t(lang, p.key as PeopleRuleKey)}`).join(lang === 'en' ? '; ' : '；'),
    },
  ];
}

/** The refused rows once the import has finished (waiting for its job, wherever it runs). */
async function* refusedWhenDone(db: Db, eid: string, id: string): AsyncGenerator<ImportRow[]> {
  const until = Date.now() + WAIT_MAX_MS;
  for (;;) {
    const state = await stateOf(db, eid, id);
    if (!state || state.status === 'failed') throw new Error(`member import ${id} failed`);
    if (state.status === 'done') break;
    if (Date.now() > until) throw new Error(`member import ${id} not finished after ${WAIT_MAX_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
  const saved = await scoped(db, eid).people.importById(id);
  yield (saved?.rows ?? []).filter((r) => !isValid(r));
}

/**
 * `crmMemberImportCommit`: starts the import job of a preview. When rows were refused, their
 * spreadsheet is started in the caller's download centre first (it waits for the import), so that
 * an export quota reached refuses the commit before anything is imported.
 */
export async function importCommit(ctx: AuthContext, id: string): Promise<ImportStarted> {
  const saved = await ctx.scope.people.importState(id);
  if (!saved) throw new ApiError(Code.NOT_FOUND, 'people.import.notFound');
  if (saved.status !== 'preview') throw new ApiError(Code.INVALID, 'people.import.notPreview');
  if (saved.total - saved.refused <= 0) throw new ApiError(Code.INVALID, 'people.import.nothingValid');
  const eid = ctx.tenant.id;
  const db = ctx.db;
  const exported =
    saved.refused > 0
      ? await startExport(ctx, { kind: 'memberImportRefused', title: REFUSED_TITLE, columns: refusedColumns(), rows: () => refusedWhenDone(db, eid, id) })
      : undefined;
  await ctx.db.transaction(async (tx) => {
    const jobId = await memberImportJob.enqueue(tx, { importId: id, actorId: ctx.member.id, actorName: ctx.member.userName }, { enterpriseId: eid });
    if (!(await scoped(tx, eid).people.startImport(id, jobId))) throw new ApiError(Code.INVALID, 'people.import.notPreview');
  });
  return { id, status: 'importing', exportId: exported?.id ?? null };
}
