/** Starts a loopback HTTP server for a stand-in and stops it without waiting for idle keep-alives. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';

export interface Listening {
  /** `http://<host>:<port>`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on `host:port` (port 0 picks a free one) until the server is up. */
export async function listenOn(server: Server, host = '127.0.0.1', port = 0): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function listenApp(app: Hono, host?: string, port?: number): Promise<Listening> {
  return listenOn(createAdaptorServer({ fetch: app.fetch }) as Server, host, port);
}

/** A random opaque value (codes, tokens). */
export function opaque(bytes = 18): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url');
}

/** A redirect address with parameters added to its query. */
export function withQuery(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** A plain error page, as the real login pages show for bad parameters. */
export function errorPage(message: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Error</title><p>${message.replace(/[<>&"]/g, '')}</p>`;
}
