/**
 * The back office's role rule: every row of the call table that names a role is refused with
 * FORBIDDEN to a signed-in member without it, and answered (whatever its input says) to one
 * with it. New rows are covered as they are added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { hasRole, type BackOfficeRole } from '@/lib/roles';
import { createTestApp, type TestGateway } from './testing';

const roleRows = (Object.keys(endpoints) as EndpointName[]).filter((n) => 'role' in endpoints[n]);
const roleOf = (name: EndpointName) => (endpoints[name] as { role: BackOfficeRole }).role;

/** Demo members of company one: a learner, a lecturer, an organisation user and the administrator. */
const MEMBERS = [
  { empNo: 'E1001', isAdmin: false, userType: 1 },
  { empNo: 'E1002', isAdmin: false, userType: 2 },
  { empNo: 'E1003', isAdmin: false, userType: 3 },
  { empNo: 'E1004', isAdmin: true, userType: 1 },
];

let gw: TestGateway;
const tokens = new Map<string, string>();

beforeAll(async () => {
  gw = await createTestApp();
  for (const m of MEMBERS) tokens.set(m.empNo, await gw.login(m.empNo));
}, 60_000);
afterAll(() => gw?.close());

describe('back-office roles', () => {
  it('has back-office rows', () => {
    expect(roleRows.length).toBeGreaterThan(0);
    for (const name of roleRows) expect(endpoints[name].access, name).toBe('auth');
  });

  it('refuses each role row to members without its role and answers those with it', async () => {
    const wrong: string[] = [];
    for (const name of roleRows) {
      const def = endpoints[name];
      for (const m of MEMBERS) {
        const path = def.path.replace(/\{(\w+)\}/g, 'x');
        const res = await gw.app.request(`http://localhost${gw.prefix}/${path}`, {
          method: def.method,
          headers: { 'content-type': 'application/json', 'accept-language': 'zh', token: tokens.get(m.empNo)! },
          body: def.method === 'GET' ? undefined : '{}',
        });
        const { code } = (await res.json()) as { code: number };
        const allowed = hasRole(m, roleOf(name));
        if (allowed === (code === Code.FORBIDDEN)) wrong.push(`${name} as ${m.empNo}: ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
