// @vitest-environment happy-dom
import { it, vi } from 'vitest';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
it('env', async () => {
  const app = new Hono(); app.get('/x', c => c.json({code:200, h: c.req.header('token')})); app.get('/pdf', c => c.body('abc', 200, {'content-type': 'application/pdf'}));
  const srv: any = await new Promise(r => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s)); });
  const port = srv.address().port;
  console.log('happyDOM', typeof (window as any).happyDOM, Object.keys((window as any).happyDOM ?? {}));
  (window as any).happyDOM.setURL(`http://127.0.0.1:${port}/login`);
  console.log('loc', location.href);
  document.cookie = 'ENT_WEB_TOKEN=abc; path=/';
  console.log('cookie', document.cookie);
  try { const r = await fetch(`/x`, { headers: { token: 'tt' } }); console.log('happy fetch', r.status, await r.text()); } catch (e) { console.log('happy fetch err', e); }
  const r2 = await fetch('/pdf'); const b = await r2.blob(); console.log('blob', b.constructor.name, b instanceof Blob, b.size, b.type);
  const spy = vi.spyOn(location, 'assign').mockImplementation(() => {});
  location.assign('/en/login');
  console.log('assign calls', spy.mock.calls, location.href);
  document.dispatchEvent(new Event('visibilitychange'));
  console.log('vis', document.visibilityState);
  srv.close();
});
