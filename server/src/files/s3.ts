/**
 * A {@link FileStore} in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, OSS and
 * COS in S3 mode), for gateways that run as several replicas: every replica reads and writes
 * the same files. Requests are signed with AWS Signature Version 4 and addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which every compatible service accepts.
 *
 * Chosen by `S3_BUCKET` (see {@link s3OptionsFromEnv}); the local folder store stays the default.
 */
import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isFileKey, type ByteRange, type FileStore, type StoredFile } from './store';

export interface S3Options {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, e.g. `xuetang/`. */
  prefix?: string;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** For tests; defaults to now. */
  now?: () => Date;
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: every byte but unreserved characters, `/` kept in paths. */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

export interface SignInput {
  method: string;
  /** Absolute URL of the request. */
  url: string;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
  service?: string;
}

/**
 * The headers that sign one request with AWS Signature Version 4 (header-based auth), including
 * `authorization`. Query parameters are not used by this store and are signed only when sorted.
 *
 * @example signV4({ method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/test.txt', … }).authorization
 */
export function signV4(input: SignInput): Record<string, string> {
  const url = new URL(input.url);
  const amzDate = input.date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {
    host: url.host,
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    input.method,
    encodePath(decodeURIComponent(url.pathname)),
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}

/** A store in an S3-compatible bucket; keys are checked as the local store checks them. */
export function s3FileStore(options: S3Options): FileStore {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = options.endpoint.replace(/\/+$/, '');
  const prefix = options.prefix ?? '';

  const request = async (method: string, key: string, body?: Uint8Array, range?: ByteRange): Promise<Response> => {
    if (!isFileKey(key)) throw new Error(`Invalid file key "${key}"`);
    const url = `${base}/${encodePath(options.bucket)}/${encodePath(prefix + key)}`;
    const extra: Record<string, string> = body ? { 'content-length': String(body.byteLength) } : {};
    if (range) extra.range = `bytes=${range.start}-${range.end}`;
    const headers = signV4({
      method,
      url,
      headers: extra,
      payloadHash: body ? sha256Hex(body) : EMPTY_SHA256,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      date: now(),
    });
    return doFetch(url, { method, headers, body: body ? Buffer.from(body) : undefined });
  };

  const fail = async (what: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 200)}`);
  };

  const store: FileStore = {
    async put(key, data) {
      const res = await request('PUT', key, data);
      if (!res.ok) await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },

    async putFile(key, path) {
      if (!isFileKey(key)) throw new Error(`Invalid file key "${key}"`);
      const url = `${base}/${encodePath(options.bucket)}/${encodePath(prefix + key)}`;
      const size = (await stat(path)).size;
      // Streamed as it is read: the payload is not hashed into the signature (S3's UNSIGNED-PAYLOAD).
      const headers = signV4({
        method: 'PUT',
        url,
        headers: { 'content-length': String(size) },
        payloadHash: 'UNSIGNED-PAYLOAD',
        region: options.region,
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        date: now(),
      });
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
      const res = await doFetch(url, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
      if (!res.ok) await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },

    async get(key, range): Promise<StoredFile | undefined> {
      if (!isFileKey(key)) return undefined;
      const res = await request('GET', key, undefined, range);
      if (res.status === 404) {
        await res.arrayBuffer();
        return undefined;
      }
      // A range past the end: the whole file instead, which the caller answers as it sees fit.
      if (res.status === 416 && range) {
        await res.arrayBuffer();
        return store.get(key);
      }
      if (!res.ok || !res.body) return fail(`GET ${key}`, res);
      const modified = new Date(res.headers.get('last-modified') ?? Date.now());
      const part = res.status === 206 ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '') : null;
      if (res.status === 206 && !part) return fail(`GET ${key} (range)`, res);
      if (part) {
        const body = res.body as ReadableStream<Uint8Array>;
        return { body, size: Number(part[3]), modified, range: { start: Number(part[1]), end: Number(part[2]) } };
      }
      // A store that ignores Range answers the whole file.
      const size = Number(res.headers.get('content-length') ?? 0);
      return { body: res.body as ReadableStream<Uint8Array>, size, modified };
    },

    async exists(key) {
      if (!isFileKey(key)) return false;
      const res = await request('HEAD', key);
      if (res.status === 404) return false;
      if (!res.ok) return fail(`HEAD ${key}`, res);
      return true;
    },

    async delete(key) {
      if (!isFileKey(key)) return;
      const res = await request('DELETE', key);
      // S3 answers 204 whether or not the key existed.
      if (!res.ok && res.status !== 404) await fail(`DELETE ${key}`, res);
      await res.arrayBuffer().catch(() => undefined);
    },
  };
  return store;
}

/**
 * S3 settings from the environment, or undefined when `S3_BUCKET` is not set:
 * `S3_ENDPOINT`, `S3_BUCKET`, `S3_REGION` (us-east-1), `S3_ACCESS_KEY_ID`,
 * `S3_SECRET_ACCESS_KEY`, `S3_PREFIX`.
 */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    prefix: env.S3_PREFIX || undefined,
  };
}
