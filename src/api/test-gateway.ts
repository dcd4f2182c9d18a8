/**
 * A tiny real HTTP gateway for unit tests of the client and the stores (never shipped to the
 * browser). Each test registers the envelopes it needs; the stub answers in one of two modes:
 * `mirror` puts the envelope code in the HTTP status too (as our gateway does), `body` always
 * answers HTTP 200 with the code only in the body.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { httpStatusFor } from '@/api/codes';
import type { Envelope } from '@/api/types';

export type StubMode = 'mirror' | 'body';

export interface StubRequest {
  method: string;
  /** Path without the gateway prefix: `system/api/website/view`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export type StubHandler = (req: StubRequest, c: Context) => Envelope | Response | Promise<Envelope | Response>;

export interface StubGateway {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  mode: StubMode;
  /** Every request received since the last reset, in arrival order. */
  readonly log: StubRequest[];
  /** Answers `method path` (path relative to the prefix) with the handler. */
  on(method: string, path: string, handler: StubHandler): void;
  /** Answers with a fixed envelope. */
  reply(method: string, path: string, envelope: Envelope): void;
  calls(path: string): StubRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const ok = <T>(data: T): Envelope<T> => ({ code: 200, msg: 'ok', data });

export async function startStubGateway(prefix = '/gateway'): Promise<StubGateway> {
  const routes = new Map<string, StubHandler>();
  const log: StubRequest[] = [];
  const app = new Hono();
  const stub = {
    mode: 'mirror' as StubMode,
    origin: '',
    log,
    on(method: string, path: string, handler: StubHandler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
    },
    reply(method: string, path: string, envelope: Envelope) {
      routes.set(`${method.toUpperCase()} ${path}`, () => envelope);
    },
    calls(path: string) {
      return log.filter((r) => r.path === path);
    },
    reset() {
      routes.clear();
      log.length = 0;
      stub.mode = 'mirror';
    },
    close: (): Promise<void> => Promise.resolve(),
  };

  app.all(`${prefix}/*`, async (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice(prefix.length + 1);
    const text = c.req.method === 'GET' ? '' : await c.req.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    const req: StubRequest = {
      method: c.req.method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    };
    log.push(req);
    const handler = routes.get(`${c.req.method} ${path}`);
    const result = handler ? await handler(req, c) : { code: 404, msg: 'Not found', data: null };
    if (result instanceof Response) return result;
    return c.json(result, (stub.mode === 'mirror' ? httpStatusFor(result.code) : 200) as 200);
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  stub.origin = `http://127.0.0.1:${port}`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
