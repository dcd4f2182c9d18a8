import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { MAX_BODY_BYTES, routeTable } from './app';
import { createSessionCache } from './sessions/cache';
import { registerEndpoints, routePath, type RouteTable } from './routing';
import { createTestApp, type TestGateway } from './testing';

let gw: TestGateway;
const logged: unknown[] = [];

beforeAll(async () => {
  gw = await createTestApp({ logError: (_message, error) => logged.push(error) });
  gw.app.get('/gateway/test/boom', () => {
    throw new Error('connection refused at db.ts:42 password=hunter2');
  });
});
afterAll(() => gw?.close());

const names = Object.keys(endpoints) as EndpointName[];

/** A message a user may read: no stack frames, file paths or error class names. */
function expectCleanMessage(msg: string) {
  expect(msg).not.toMatch(/\bat\s.+:\d+|\.ts\b|Error:|hunter2|stack/i);
}

describe('call table', () => {
  it('has a handler for every row, with the same method and path', () => {
    const registered = new Set(gw.app.routes.map((r) => `${r.method} ${r.path}`));
    for (const name of names) {
      const def = endpoints[name];
      expect(registered, name).toContain(`${def.method} /gateway/${routePath(def.path)}`);
    }
  });

  it('answers every row at its path: auth rows want a token, public rows are reachable', async () => {
    for (const name of names) {
      const { res, body } = await gw.call(name);
      if (endpoints[name].access === 'auth') expect([name, body.code]).toEqual([name, Code.UNAUTHORIZED]);
      else expect([name, res.status]).not.toEqual([name, 404]);
      expect(res.status, name).not.toBe(405);
    }
  });

  it('refuses to start when a row has no handler', () => {
    const { logout: _missing, ...partial } = routeTable;
    expect(() =>
      registerEndpoints(new Hono(), partial as RouteTable, { db: gw.database.db, prefix: '/gateway', trustProxy: false, sessions: createSessionCache() }),
    ).toThrow(/logout/);
  });
});

describe('envelope', () => {
  it('wraps success as { code, msg, data } with HTTP 200', async () => {
    const { res, body } = await gw.call('enumList', { query: { enumName: 'sex' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body.code).toBe(Code.OK);
  });

  it('answers an unknown path under the prefix with a 404 envelope, in the caller language', async () => {
    const zh = await gw.app.request('/gateway/system/api/nothing/here');
    expect(zh.status).toBe(404);
    expect(await zh.json()).toEqual({ code: 404, msg: '请求的接口不存在', data: null });
    const en = await gw.app.request('/gateway/nope', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(await en.json()).toMatchObject({ code: 404, msg: 'The requested API does not exist' });
  });

  it('answers paths outside the prefix with a plain 404 when no site is served', async () => {
    const res = await gw.app.request('/knowledge');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not Found');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await gw.app.request(`/gateway/${endpoints.loginByEmpNo.path}`, { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: Code.METHOD_NOT_ALLOWED, data: null });
    const del = await gw.app.request(`/gateway/${endpoints.enumList.path}`, { method: 'DELETE' });
    expect(del.status).toBe(405);
  });

  it('answers a body that is not JSON with 422 and a clear message', async () => {
    const zh = await gw.call('loginByEmpNo', { body: '{"empNo": "E1001",' });
    expect(zh.res.status).toBe(422);
    expect(zh.body).toEqual({ code: Code.INVALID, msg: '请求体不是有效的 JSON', data: null });
    const en = await gw.call('loginByEmpNo', { body: 'empNo=E1001', lang: 'en' });
    expect(en.body.msg).toBe('The request body is not valid JSON');
  });

  it('answers a body that is not declared as JSON with 415', async () => {
    const { res, body } = await gw.call('loginByEmpNo', {
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(body.code).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
  });

  it('names the failing field of a validation error, in both languages', async () => {
    const wrongType = await gw.call('loginByEmpNo', { body: { empNo: 1001, password: 'x' } });
    expect(wrongType.res.status).toBe(422);
    expect(wrongType.body.msg).toBe('参数 empNo 的类型不正确，应为字符串');
    const en = await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: ['x'] }, lang: 'en' });
    expect(en.body.msg).toBe('The field password must be a string');
    const missing = await gw.call('loginByEmpNo', { body: { password: 'x' }, lang: 'en' });
    expect(missing.body.msg).toBe('The field empNo is missing');
    const long = await gw.call('loginByEmpNo', { body: { empNo: 'E'.repeat(21), password: 'x' } });
    expect(long.body.msg).toBe('参数 empNo 不能超过 20 个字符');
    const longPassword = await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: 'p'.repeat(31) }, lang: 'en' });
    expect(longPassword.body.msg).toBe('The field password must be at most 30 characters');
    const notObject = await gw.call('loginByEmpNo', { body: '[1,2]' });
    expect(notObject.body).toMatchObject({ code: Code.INVALID, msg: '请求参数格式不正确' });
    const query = await gw.call('enumList', { lang: 'en' });
    expect(query.body).toMatchObject({ code: Code.INVALID, msg: 'The field enumName is missing' });
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const big = JSON.stringify({ empNo: 'E1001', password: 'x', pad: 'x'.repeat(MAX_BODY_BYTES) });
    const { res, body } = await gw.call('loginByEmpNo', { body: big, lang: 'en' });
    expect(res.status).toBe(413);
    expect(body).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: 'The request body is too large; the limit is 1 MiB' });
    const declared = await gw.app.request(`/gateway/${endpoints.loginByEmpNo.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) },
      body: big,
    });
    expect(declared.status).toBe(413);
  });

  it('turns a thrown error into a generic 500 envelope and logs the error', async () => {
    logged.length = 0;
    const res = await gw.app.request('/gateway/test/boom', { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body).toEqual({
      code: Code.INTERNAL,
      msg: 'Something went wrong on the server, please try again later',
      data: null,
    });
    expectCleanMessage(body.msg);
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain('connection refused');
  });

  it('never puts a stack trace in any message', async () => {
    const answers = await Promise.all([
      gw.call('loginByEmpNo', { body: '{' }),
      gw.call('loginByEmpNo', { body: { empNo: {}, password: null } }),
      gw.call('currentUser', { token: 'garbage' }),
      gw.call('websiteViewPublic', { query: { domain: 'nowhere.example' } }),
    ]);
    for (const { body } of answers) expectCleanMessage(body.msg);
  });

  it('sets the basic security headers', async () => {
    const res = await gw.app.request('/gateway/nope');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
