/**
 * Helpers for the account and enterprise tests: verification codes as the phone would get
 * them, the reset link as the mailbox would get it, calls with path parameters and uploads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { EID_HEADER, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type { CodeScene, Envelope, WebInfo } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { latestInOutbox } from '../../messaging/outbox';
import { setSmsProvider } from '../../messaging/sms';
import { HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { issueCode } from '../auth/codes';

/** A private outbox folder for a test file; `close` removes it. */
export async function useTempOutbox(): Promise<{ dir: string; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'xt-outbox-'));
  const before = process.env.OUTBOX_DIR;
  process.env.OUTBOX_DIR = dir;
  return {
    dir,
    close: async () => {
      if (before === undefined) delete process.env.OUTBOX_DIR;
      else process.env.OUTBOX_DIR = before;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Sends a verification code the way the site's request would, and returns it as the SMS said. */
export async function codeFor(
  gw: TestGateway,
  phone: string,
  scene: CodeScene,
  enterpriseId: string | null = null,
): Promise<string> {
  let received = '';
  setSmsProvider({
    send: async (_phone, text) => {
      received = text;
    },
  });
  try {
    await issueCode(gw.database.db, { phone, scene, enterpriseId, ip: null, deliver: true, message: (code) => code });
  } finally {
    setSmsProvider(undefined);
  }
  return received;
}

/** The newest mail in the outbox for an address: its subject, text and the reset link in it. */
export async function latestMail(to: string) {
  const file = await latestInOutbox('mail', to);
  if (!file) return undefined;
  const mail = await simpleParser(file.content);
  const text = mail.text ?? '';
  const link = /https?:\/\/\S+mailToken=[\w-]+/.exec(text)?.[0] ?? '';
  return { subject: mail.subject ?? '', text, html: typeof mail.html === 'string' ? mail.html : '', link, path: file.path };
}

/** The eids of the two demo companies. */
export async function demoEids(gw: TestGateway): Promise<{ one: string; two: string }> {
  const eid = async (domain: string) =>
    (await gw.call<WebInfo>('websiteViewPublic', { query: { domain } })).body.data.eid;
  return { one: await eid(HOST_ONE), two: await eid(HOST_TWO) };
}

export interface RawCallOptions {
  host?: string;
  lang?: Locale;
  token?: string;
  eid?: string;
  /** Values of the path's `{name}` segments. */
  params?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** Calls a row with path parameters or a non-JSON body (multipart uploads). */
export async function rawCall<T = unknown>(
  gw: TestGateway,
  name: EndpointName,
  o: RawCallOptions = {},
): Promise<{ res: Response; body: Envelope<T> }> {
  const def = endpoints[name];
  const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(o.params?.[key] ?? ''));
  const headers: Record<string, string> = { [LANG_HEADER]: o.lang ?? 'zh', ...o.headers };
  if (o.token) headers[TOKEN_HEADER] = o.token;
  if (o.eid) headers[EID_HEADER] = o.eid;
  const res = await gw.app.request(`http://${o.host ?? HOST_ONE}${gw.prefix}/${path}`, {
    method: def.method,
    headers,
    body: o.body,
  });
  return { res, body: (await res.json()) as Envelope<T> };
}

/** A form with one file in the `file` field. */
export function fileForm(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): FormData {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return form;
}
