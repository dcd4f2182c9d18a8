import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { UserInfo } from '@/api/types';
import type { Member } from '../db/access';
import { sessions } from '../db/schema';
import { createTestApp } from '../testing';
import { createSessionCache, MAX_ENTRIES, QUIET_MS, SESSION_CACHE_MS } from './cache';
import { hashToken } from './tokens';

const E = 'enterprise-1';
const member = (id: string) => ({ id, empNo: id }) as unknown as Member;

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('session cache', () => {
  it('keeps a looked-up session until its time is up, and never past the session expiry', () => {
    const c = clock();
    const cache = createSessionCache({ now: c.now });
    const started = c.now();
    cache.set(E, 'h1', { sessionId: 's1', member: member('m1') }, started, c.now() + 60_000);
    cache.set(E, 'h2', { sessionId: 's2', member: member('m2') }, started, c.now() + 1_000);
    expect(cache.get(E, 'h1')?.sessionId).toBe('s1');
    expect(cache.get('other', 'h1')).toBeUndefined();
    c.advance(1_000);
    expect(cache.get(E, 'h2')).toBeUndefined();
    c.advance(SESSION_CACHE_MS - 1_001);
    expect(cache.get(E, 'h1')?.sessionId).toBe('s1');
    c.advance(1);
    expect(cache.get(E, 'h1')).toBeUndefined();
  });

  it('forgets a member at once, and keeps none of their lookups for a quiet while', async () => {
    const c = clock();
    const cache = createSessionCache({ now: c.now });
    cache.set(E, 'a', { sessionId: 'sa', member: member('m1') }, c.now(), c.now() + 60_000);
    cache.set(E, 'b', { sessionId: 'sb', member: member('m1') }, c.now(), c.now() + 60_000);
    cache.set(E, 'c', { sessionId: 'sc', member: member('m2') }, c.now(), c.now() + 60_000);
    const before = c.now();
    c.advance(10);
    await cache.forgetMember(E, 'm1');
    expect(cache.get(E, 'a')).toBeUndefined();
    expect(cache.get(E, 'b')).toBeUndefined();
    expect(cache.get(E, 'c')?.sessionId).toBe('sc');
    // A lookup that began before the forgetting may have read the old row.
    cache.set(E, 'a', { sessionId: 'sa', member: member('m1') }, before, c.now() + 60_000);
    expect(cache.get(E, 'a')).toBeUndefined();
    // So may one within the quiet while (a transaction committing after the forgetting).
    c.advance(QUIET_MS - 1);
    cache.set(E, 'a', { sessionId: 'sa', member: member('m1') }, c.now(), c.now() + 60_000);
    expect(cache.get(E, 'a')).toBeUndefined();
    c.advance(1);
    cache.set(E, 'a', { sessionId: 'sa', member: member('m1') }, c.now(), c.now() + 60_000);
    expect(cache.get(E, 'a')?.sessionId).toBe('sa');
  });

  it('forgets everything when told to, and bounds its size', () => {
    const c = clock();
    const cache = createSessionCache({ now: c.now });
    for (let i = 0; i < MAX_ENTRIES + 5; i++) cache.set(E, `h${i}`, { sessionId: `s${i}`, member: member(`m${i}`) }, c.now(), c.now() + 60_000);
    expect(cache.size()).toBe(MAX_ENTRIES);
    expect(cache.get(E, 'h0')).toBeUndefined();
    expect(cache.get(E, `h${MAX_ENTRIES + 4}`)).toBeDefined();
    const started = c.now();
    cache.forgetEverything();
    expect(cache.size()).toBe(0);
    cache.set(E, 'late', { sessionId: 'x', member: member('m') }, started, c.now() + 60_000);
    expect(cache.get(E, 'late')).toBeUndefined();
  });
});

describe('signed-in calls through the session cache', () => {
  it('answers from the cache while an entry is fresh, and not after a sign-out or a profile edit', async () => {
    const gw = await createTestApp();
    try {
      const token = await gw.login('E1001');
      expect(gw.sessions.size()).toBe(0);
      expect((await gw.call('currentUser', { token })).body.code).toBe(Code.OK);
      expect(gw.sessions.size()).toBe(1);
      // The row is gone behind the gateway's back: the cached entry still answers…
      await gw.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      expect((await gw.call('currentUser', { token })).body.code).toBe(Code.OK);
      // …until it is forgotten.
      gw.sessions.forgetEverything();
      expect((await gw.call('currentUser', { token })).body.code).toBe(Code.UNAUTHORIZED);

      const second = await gw.login('E1001');
      expect((await gw.call('currentUser', { token: second })).body.code).toBe(Code.OK);
      const edited = await gw.call('updateUserInfo', { token: second, body: { email: 'cache.check@example.com' } });
      expect(edited.body.code).toBe(Code.OK);
      expect((await gw.call<UserInfo>('currentUser', { token: second })).body.data.email).toBe('cache.check@example.com');

      expect((await gw.call('logout', { token: second })).body.code).toBe(Code.OK);
      expect((await gw.call('currentUser', { token: second })).body.code).toBe(Code.UNAUTHORIZED);
    } finally {
      await gw.close();
    }
  });
});
