// @vitest-environment happy-dom
/**
 * The cookies the site writes (the session token and the language): `SameSite=Lax` always, and
 * `Secure` when the page was served over https, so a token never leaves over plain http from
 * an https site, and a cross-site form post never carries it.
 */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@/api/codes';
import { $locale } from '@/stores/locale';
import { $token } from '@/stores/session';

function openPage(origin: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/home`);
}

/** The `Set-Cookie`-like strings the page wrote for a cookie while `act` ran. */
function written(name: string, act: () => void): string[] {
  const writes = vi.spyOn(document, 'cookie', 'set');
  try {
    act();
    return writes.mock.calls.map(([c]) => String(c)).filter((c) => c.startsWith(`${name}=`));
  } finally {
    writes.mockRestore();
  }
}

afterEach(() => {
  $token.set(undefined);
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove('lang', { path: '/' });
});

describe.each([
  ['http://xt.test', false],
  ['https://xt.test', true],
])('on %s', (origin, secure) => {
  it(`writes the token cookie SameSite=Lax${secure ? ' and Secure' : ', not Secure'}`, () => {
    openPage(origin);
    const [cookie] = written(TOKEN_COOKIE, () => $token.set(`tok-${secure}`));
    expect(cookie).toMatch(new RegExp(`^${TOKEN_COOKIE}=tok-${secure};`));
    expect(cookie).toMatch(/; sameSite=Lax/i);
    expect(/; secure/i.test(cookie!)).toBe(secure);
  });

  it(`writes the language cookie SameSite=Lax${secure ? ' and Secure' : ', not Secure'}`, () => {
    openPage(origin);
    const next = $locale.get() === 'en' ? 'zh' : 'en';
    const [cookie] = written('lang', () => $locale.set(next));
    expect(cookie).toMatch(new RegExp(`^lang=${next};`));
    expect(cookie).toMatch(/; sameSite=Lax/i);
    expect(/; secure/i.test(cookie!)).toBe(secure);
  });
});
