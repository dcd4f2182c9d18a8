/**
 * The session (spec section 4). The token lives in the `ENT_WEB_TOKEN` cookie for a day; the
 * user info and enterprise id are kept in local storage so every page can show the user at
 * once, and are validated against the gateway at start-up.
 *
 * The layout starts it once per page: `startSession()` and `watchVisibility()`; pages whose
 * route has `auth: true` call `requireAuth()`.
 */
import Cookies from 'js-cookie';
import { atom, batch, computed } from 'nanostores';
import {
  EID_STORAGE_KEY,
  forgetSession,
  LOGIN_ERROR_COUNT_KEY,
  readToken,
  setClientHooks,
  USER_INFO_KEY,
} from '@/api/client';
import { TOKEN_COOKIE } from '@/api/codes';
import type { LoginResult, UserInfo } from '@/api/types';
import { chooseEnterprise, getCurrentUser, loginByEmpNo, logout } from '@/api/user';
import { isSignInPage, loginPath } from '@/lib/login-path';
import { $locale } from '@/stores/locale';
import { loadNav, loadSite, siteLoadedAs } from '@/stores/site';

/** Spec section 9: the token cookie expires in 1 day. */
export const TOKEN_COOKIE_DAYS = 1;

export type SessionStatus = 'unknown' | 'anonymous' | 'signed-in';

function readStoredUser(): UserInfo | null {
  if (typeof localStorage === 'undefined' || !readToken()) return null;
  try {
    const user = JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null') as UserInfo | null;
    return user && typeof user === 'object' ? user : null;
  } catch {
    return null;
  }
}

export const $token = atom<string | undefined>(readToken());
export const $user = atom<UserInfo | null>(readStoredUser());

/**
 * `anonymous` without a token; `signed-in` with a token and a user (the stored one until the
 * gateway confirms it); `unknown` while a token waits for its user.
 */
export const $sessionStatus = computed([$token, $user], (token, user): SessionStatus =>
  !token ? 'anonymous' : user ? 'signed-in' : 'unknown',
);

$token.listen((token) => {
  if (token) {
    if (Cookies.get(TOKEN_COOKIE) !== token) {
      Cookies.set(TOKEN_COOKIE, token, {
        expires: TOKEN_COOKIE_DAYS,
        path: '/',
        sameSite: 'Lax',
        secure: location.protocol === 'https:',
      });
    }
    localStorage.removeItem(LOGIN_ERROR_COUNT_KEY);
  } else {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
  }
});

$user.listen((user) => {
  if (user) {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
    if (user.eid) localStorage.setItem(EID_STORAGE_KEY, user.eid);
  } else {
    localStorage.removeItem(USER_INFO_KEY);
    localStorage.removeItem(EID_STORAGE_KEY);
  }
});

/**
 * Starts the session a sign-in answer carries, whichever way the person signed in (password,
 * SMS code, scan, SSO, registration, enterprise choice): the token cookie, the user and the
 * enterprise id; the login-error counter is cleared.
 */
export function completeSignIn(result: LoginResult): UserInfo {
  batch(() => {
    $token.set(result.token);
    $user.set(result.user);
  });
  return result.user;
}

/** The image captcha answer the gateway asks for after repeated failures. */
export interface CaptchaAnswer {
  captchaKey: string;
  captchaCode: string;
}

/** Signs in with employee number and password; rejects with the gateway's error (321: wrong account or password). */
export async function signIn(empNo: string, password: string, captcha?: CaptchaAnswer): Promise<UserInfo> {
  return completeSignIn(await loginByEmpNo({ empNo, password, ...captcha }));
}

/**
 * Moves the session to another of the person's enterprises: a token for that enterprise, its
 * user and enterprise id, then that enterprise's branding and navigation. What the other
 * enterprise's pages left in session storage is dropped.
 */
export async function switchEnterprise(eid: string): Promise<UserInfo> {
  const user = completeSignIn(await chooseEnterprise(eid));
  sessionStorage.clear();
  await Promise.allSettled([loadSite(), loadNav()]);
  return user;
}

/**
 * Ends the session: tells the gateway when asked and a token exists, then clears the user,
 * the token cookie, session storage, the stored user info and the enterprise id.
 */
export async function signOut({ callServer = true }: { callServer?: boolean } = {}): Promise<void> {
  if (callServer && readToken()) {
    await logout({ isShowErrTip: false }).catch(() => undefined);
  }
  batch(() => {
    $token.set(undefined);
    $user.set(null);
  });
  // Also clears what an earlier page left behind while this page's stores were already empty.
  forgetSession();
}

// The client's link to the page's stores: calls carry the language of the locale store, and a
// sign-out code on any call ends the session here too.
setClientHooks({ locale: () => $locale.get(), signedOut: () => signOut({ callServer: false }) });

/** Loads the signed-in user from the gateway; a sign-out code there ends the session. */
export async function loadUser(): Promise<UserInfo> {
  const user = await getCurrentUser();
  $user.set(user);
  return user;
}

let started: Promise<void> | undefined;

/**
 * The start-up sequence (spec section 4), once per page: reads the token from its cookie;
 * loads the web info unless this page has it (the authenticated version when signed in);
 * when signed in, loads the navigation and validates the user. The calls run side by side;
 * errors are handled by the client's rules.
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    const token = readToken();
    $token.set(token);
    if (!token && $user.get()) $user.set(null);
    const tasks: Promise<unknown>[] = [];
    const wanted = token ? 'auth' : 'public';
    if (siteLoadedAs() !== wanted) tasks.push(loadSite());
    if (token) tasks.push(loadNav(), loadUser());
    await Promise.allSettled(tasks);
  })();
  return started;
}

/** The `<html>` attribute the layout sets at build time on pages whose route has `auth: true`. */
export const AUTH_REQUIRED_ATTR = 'data-auth';

/**
 * Whether this page needs a signed-in user. The layout marks it at build time from the route
 * table, so the browser does not carry the table.
 */
export function routeNeedsAuth(doc: Document = document): boolean {
  return doc.documentElement.getAttribute(AUTH_REQUIRED_ATTR) === 'required';
}

/**
 * For pages that need a user: an anonymous visitor goes to the sign-in page, which brings
 * them back here. Returns whether the visitor may stay.
 */
export function requireAuth(): boolean {
  if (readToken()) return true;
  location.assign(loginPath(location.pathname, location.pathname + location.search));
  return false;
}

/**
 * When the tab becomes visible again the token is re-read: with one, the user info is
 * reloaded; without one, a user who was signed in (or a page that needs one) goes to the
 * sign-in page. Returns a function that stops watching.
 */
export function watchVisibility(): () => void {
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    const token = readToken();
    const wasSignedIn = Boolean($token.get() || $user.get());
    if (token) {
      $token.set(token);
      loadUser().catch(() => undefined);
      return;
    }
    const leave = !isSignInPage(location.pathname) && (wasSignedIn || routeNeedsAuth());
    const cleared = wasSignedIn ? signOut({ callServer: false }) : Promise.resolve();
    void cleared.then(() => leave && location.assign(loginPath(location.pathname)));
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
