/** Helpers of the site settings' tests: a picture upload, company two's administrator, the audit records of an object type. */
import { sql } from 'drizzle-orm';
import type { AuditRecord } from '@/api/audit-types';
import type { PageResult, UploadResult } from '@/api/types';
import { HOST_TWO, type TestGateway } from '../../testing';
import { fileForm, rawCall } from '../account/test-support';

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

/** Uploads the PNG as `token`'s member through `uploadPic`; answers the `/files/` path. */
export async function uploadPng(gw: TestGateway, token: string, host?: string): Promise<string> {
  const { body } = await rawCall<UploadResult>(gw, 'uploadPic', { token, host, body: fileForm(PNG, 'logo.png', 'image/png') });
  if (body.code !== 200) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.url;
}

/** Makes B2001 company two's administrator and signs them in on company two's host. */
export async function adminOfCompanyTwo(gw: TestGateway): Promise<string> {
  await gw.database.db.execute(sql`
    update enterprise_users set is_admin = true where emp_no = 'B2001'
    and enterprise_id = (select enterprise_id from enterprise_domains where domain = ${HOST_TWO})`);
  return gw.login('B2001', undefined, { host: HOST_TWO });
}

/** The newest audit records of one object type, as the audit page lists them. */
export async function auditOf(gw: TestGateway, token: string, objectType: string): Promise<AuditRecord[]> {
  const { body } = await gw.call<PageResult<AuditRecord>>('auditPage', { token, body: { objectType, pageSize: 50 } });
  if (body.code !== 200) throw new Error(`audit page failed: ${body.code} ${body.msg}`);
  return body.data.list;
}

/** Runs a query and answers its rows. */
export async function rowsOf<T>(gw: TestGateway, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await gw.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
