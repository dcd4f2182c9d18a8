#!/usr/bin/env node
/**
 * A small round-robin reverse proxy for trying several gateway replicas on one machine, as a load
 * balancer would put them behind one address. Each request goes to the next replica; a replica
 * that refuses the connection is skipped (the request had not reached it). Bodies and answers
 * stream through, so server-sent events (the unread stream) work. It adds `X-Forwarded-For`
 * (start the gateways with TRUST_PROXY=1) and tells which replica answered in `X-Upstream`.
 *
 *     node scripts/scale/proxy.mjs 5170 http://127.0.0.1:5171 http://127.0.0.1:5172
 */
import { Agent, createServer, request } from 'node:http';
import { pathToFileURL } from 'node:url';

/** Largest request body the proxy buffers (uploads are 5 MB at most). */
const MAX_BODY = 6 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Starts the proxy on `host:port` in front of `targets` (base URLs); resolves once it listens.
 *
 * @param {{ port: number; host?: string; targets: string[] }} options
 * @returns {Promise<{ url: string; served: number[]; close(): Promise<void> }>}
 * @example const proxy = await startProxy({ port: 5170, targets: ['http://127.0.0.1:5171', 'http://127.0.0.1:5172'] })
 */
export function startProxy({ port, host = '127.0.0.1', targets }) {
  const upstreams = targets.map((t) => new URL(t));
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  /** Requests each replica answered. */
  const served = upstreams.map(() => 0);
  /** A replica that refused a connection is left out for a second, as a health check would. */
  const downUntil = upstreams.map(() => 0);
  let next = 0;

  /** The next replica in turn that is not left out (any, when all are). */
  const choose = () => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const index = next++ % upstreams.length;
      if (downUntil[index] <= now) return index;
    }
    return next++ % upstreams.length;
  };

  const forward = (req, res, body, tried, index = choose()) => {
    const target = upstreams[index];
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
    headers['content-length'] = String(body.length);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        served[index]++;
        const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, { ...out, 'x-upstream': String(index + 1) });
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      const refused = error.code === 'ECONNREFUSED' || (error.code === 'ECONNRESET' && !res.headersSent && req.method === 'GET');
      if (refused) downUntil[index] = Date.now() + 1_000;
      if (!res.headersSent && refused && tried + 1 < upstreams.length) {
        return forward(req, res, body, tried + 1, (index + 1) % upstreams.length);
      }
      if (res.headersSent) return res.destroy(error);
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 502, msg: 'No gateway replica answered', data: null }));
    });
    // The client went away before the answer was complete (a closed unread stream).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  // Server-sent events stay open for as long as the client keeps them.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${port}`,
        served,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [port, ...targets] = process.argv.slice(2);
  if (!port || targets.length === 0) {
    console.error('usage: node scripts/scale/proxy.mjs <port> <gateway URL> [<gateway URL> …]');
    process.exit(1);
  }
  const proxy = await startProxy({ port: Number(port), targets });
  console.log(`proxy on ${proxy.url} → ${targets.join(', ')} (round-robin)`);
}
