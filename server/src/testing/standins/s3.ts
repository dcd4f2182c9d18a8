/**
 * An in-memory S3-compatible bucket on loopback for tests of the S3 file store: path-style
 * PUT, GET, HEAD and DELETE of objects, each request's Signature Version 4 checked against the
 * one access key it knows (403 SignatureDoesNotMatch otherwise), payload hashes checked on PUT.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4 } from '../../files/s3';

export interface S3Standin {
  endpoint: string;
  objects: Map<string, { body: Buffer; modified: Date }>;
  /** Requests seen, as `METHOD /bucket/key status`. */
  log: string[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((done, fail) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => done(Buffer.concat(parts)));
    req.on('error', fail);
  });

export async function startS3Standin(options: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<S3Standin> {
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const log: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = (status: number, text = '', headers: Record<string, string> = {}) => {
      log.push(`${req.method} ${path} ${status}`);
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : text);
    };
    const auth = String(req.headers.authorization ?? '');
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    const date = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    const extra = Object.fromEntries(
      signed.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)).map((n) => [n, String(req.headers[n] ?? '')]),
    );
    const expected = Number.isNaN(date.getTime())
      ? ''
      : signV4({ method: req.method ?? 'GET', url: `http://${req.headers.host}${req.url}`, headers: extra, payloadHash, ...options, date }).authorization;
    if (!auth || auth !== expected) return send(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
    if (req.method === 'PUT' && createHash('sha256').update(body).digest('hex') !== payloadHash) {
      return send(400, '<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
    }
    const [, bucket, ...rest] = path.split('/');
    const key = rest.join('/');
    if (bucket !== options.bucket || !key) return send(404, '<Error><Code>NoSuchBucket</Code></Error>');
    const held = objects.get(key);
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, modified: new Date() });
        return send(200);
      case 'GET':
      case 'HEAD':
        if (!held) return send(404, '<Error><Code>NoSuchKey</Code></Error>');
        return send(200, held.body as unknown as string, {
          'content-length': String(held.body.byteLength),
          'last-modified': held.modified.toUTCString(),
        });
      case 'DELETE':
        objects.delete(key);
        return send(204);
      default:
        return send(405);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
