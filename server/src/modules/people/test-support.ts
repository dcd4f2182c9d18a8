/** Helpers of the people tests: demo look-ups, company two's administrator, member spreadsheets and their upload. */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { Envelope } from '@/api/types';
import { HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { IMPORT_COLUMNS, type ImportField } from './import';

/** The first column of the first row a query answers, as text. */
export async function value(gw: TestGateway, query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = (await gw.database.db.execute(query)) as unknown as { rows: { v: unknown }[] };
  return rows[0]?.v === undefined || rows[0]?.v === null ? '' : String(rows[0].v);
}

export async function rowsOf<T>(gw: TestGateway, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await gw.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const eidOf = (gw: TestGateway, host = HOST_ONE) => value(gw, sql`select enterprise_id as v from enterprise_domains where domain = ${host}`);

export const memberIdOf = async (gw: TestGateway, empNo: string, host = HOST_ONE) =>
  value(gw, sql`select id as v from enterprise_users where enterprise_id = ${await eidOf(gw, host)} and emp_no = ${empNo}`);

/** Makes B2001 company two's administrator and signs them in. */
export async function companyTwoAdmin(gw: TestGateway): Promise<string> {
  const eid = await eidOf(gw, HOST_TWO);
  await gw.database.db.execute(sql`update enterprise_users set is_admin = true where emp_no = 'B2001' and enterprise_id = ${eid}`);
  gw.sessions.forgetEverything();
  return gw.login('B2001', undefined, { host: HOST_TWO });
}

export type SheetRow = Partial<Record<ImportField, string | number | Date>>;

/** A member spreadsheet with the template's headers (in `lang`) and these rows. */
export async function memberSheet(rows: SheetRow[], lang: 'zh' | 'en' = 'zh', columns = IMPORT_COLUMNS): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('members');
  sheet.addRow(columns.map((c) => c.header[lang]));
  for (const row of rows) sheet.addRow(columns.map((c) => row[c.field] ?? ''));
  return new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
}

/** `count` valid rows: employee numbers `${prefix}0001`…, phones from 139000…, in department D110. */
export function generatedRows(count: number, prefix = 'T', phoneStart = 13900000000): SheetRow[] {
  return Array.from({ length: count }, (_, i) => ({
    userName: `导入${i + 1}`,
    empNo: `${prefix}${String(i + 1).padStart(4, '0')}`,
    phone: String(phoneStart + i),
    email: `m${i + 1}@example.com`,
    department: 'D110',
    post: '前端工程师',
    postLevel: '1_01',
    userType: '1',
    sex: '男',
    joiningTime: '2024-03-01',
  }));
}

/** Sends a file to the preview row as the page does (multipart, field `file`). */
export async function uploadSheet<T = unknown>(
  gw: TestGateway,
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  o: { lang?: 'zh' | 'en'; name?: string; type?: string; host?: string } = {},
): Promise<{ res: Response; body: Envelope<T> }> {
  const form = new FormData();
  form.append('file', new File([bytes], o.name ?? 'members.xlsx', { type: o.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const res = await gw.app.request(`http://${o.host ?? HOST_ONE}${gw.prefix}/${endpoints.crmMemberImportPreview.path}`, {
    method: 'POST',
    headers: { [LANG_HEADER]: o.lang ?? 'zh', [TOKEN_HEADER]: token },
    body: form,
  });
  return { res, body: (await res.json()) as Envelope<T> };
}

/** The rows of an .xlsx's first sheet as text, header first. */
export async function sheetRows(bytes: ArrayBuffer | Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes instanceof Uint8Array ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : bytes);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}
