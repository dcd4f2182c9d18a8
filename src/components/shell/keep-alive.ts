/**
 * Keep-alive (spec section 2: "a page area that keeps Home, Train, Knowledge, Exam and Account
 * alive"): coming back to those pages, by a link or the back button, restores their state —
 * scroll position, filters and loaded pages — instead of starting over.
 *
 * The site is made of separate documents, so what a page keeps lives in session storage: one
 * record per page path with the last query string, the scroll position and the islands' kept
 * values ({@link useKeptState}). Session storage belongs to one tab, so a new tab starts clean;
 * records expire after {@link KEEP_TTL_MS} and are bounded in size and number.
 *
 * Records belong to the session that wrote them ({@link sessionOwner}): a page writes only
 * while the session it was opened in is still the one in the token cookie, and reads only that
 * session's records. Sign-out clears session storage (spec section 4), and nothing the page
 * writes afterwards, while it unloads, survives it; another user signing in in another tab
 * never sees this tab's records either.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { TOKEN_COOKIE } from '@/api/codes';

/** Session storage key prefix of the records; the rest of the key is the page path. */
export const KEEP_PREFIX = 'xt-keep:';
/** A record not written for this long is forgotten. */
export const KEEP_TTL_MS = 30 * 60_000;
/** At most this many page records; the oldest go first. */
export const KEEP_MAX_RECORDS = 24;
/** A record larger than this (characters of JSON) is not stored. */
export const KEEP_MAX_CHARS = 100_000;

/** What one page path keeps. */
export interface KeptRecord {
  /** When it was last written (ms since the epoch). */
  t: number;
  /** The query string the page last had ('' or '?…'). */
  q?: string;
  /** The last vertical scroll position, px. */
  y?: number;
  /** The page's height then, px. */
  h?: number;
  /** The islands' kept values by key. */
  s?: Record<string, unknown>;
  /** The session that wrote it ({@link sessionOwner}); '' for none. */
  u?: string;
}

/**
 * A short fingerprint of the session in a `document.cookie` string: FNV-1a of the token, base 36,
 * or '' when signed out. Not a secret and not the token: it only tells sessions apart. The
 * head script computes the same value ({@link keepAliveScript}).
 *
 * @example sessionOwner('lang=zh') → ''; sessionOwner('ENT_WEB_TOKEN=abc') → the same short text each time
 */
export function sessionOwner(cookie: string): string {
  const token = new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  if (!token) return '';
  let hash = 2166136261;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 16777619) >>> 0;
  return hash.toString(36);
}

type KeepStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * The path a record belongs to: no `index.html`, no trailing slash, the root is `/`.
 *
 * @example keptPath('/en/knowledge/') → '/en/knowledge'; keptPath('/index.html') → '/'
 */
export function keptPath(pathname: string): string {
  return pathname.replace(/(?:\/index\.html|\/+)$/, '') || '/';
}

/** The pages whose query and scroll are kept: Home, Train, Knowledge, Exam and Account, both languages. */
const KEPT_PAGE = /^(?:\/en)?(?:\/home(?:\/indexOld)?|\/train|\/knowledge(?:Old)?|\/exam(?:\/index_bak)?|\/account(?:\/indexOld)?)?$/;

/**
 * Whether a page's query and scroll position are kept.
 *
 * @example isKeptPage('/en/') → true; isKeptPage('/train/project/1') → false
 */
export function isKeptPage(pathname: string): boolean {
  const path = keptPath(pathname);
  return KEPT_PAGE.test(path === '/' ? '' : path);
}

/**
 * A stored record, or null when missing, malformed, older than {@link KEEP_TTL_MS} or written by
 * another session than `owner`.
 */
export function parseRecord(raw: string | null, now: number, owner = ''): KeptRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<KeptRecord>;
  if (typeof record.t !== 'number' || !(now - record.t < KEEP_TTL_MS)) return null;
  if ((typeof record.u === 'string' ? record.u : '') !== owner) return null;
  return {
    t: record.t,
    ...(owner !== '' && { u: owner }),
    ...(typeof record.q === 'string' && (record.q === '' || record.q.startsWith('?')) && { q: record.q }),
    ...(typeof record.y === 'number' && Number.isFinite(record.y) && record.y >= 0 && { y: record.y }),
    ...(typeof record.h === 'number' && Number.isFinite(record.h) && record.h >= 0 && { h: record.h }),
    ...(typeof record.s === 'object' && record.s !== null && !Array.isArray(record.s) && { s: record.s }),
  };
}

/** The record of a path for a session, or null (an expired one or another session's is removed). */
export function readRecord(storage: KeepStorage, path: string, now: number, owner = ''): KeptRecord | null {
  try {
    const raw = storage.getItem(KEEP_PREFIX + path);
    const record = parseRecord(raw, now, owner);
    if (raw !== null && !record) storage.removeItem(KEEP_PREFIX + path);
    return record;
  } catch {
    return null;
  }
}

/** Removes expired records and other sessions' records, then the oldest beyond `keep`. */
function prune(storage: KeepStorage, now: number, keep: number, owner: string): void {
  const found: { key: string; t: number }[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(KEEP_PREFIX)) found.push({ key, t: parseRecord(storage.getItem(key), now, owner)?.t ?? -1 });
  }
  found.sort((a, b) => b.t - a.t);
  found.forEach(({ key, t }, index) => {
    if (t < 0 || index >= keep) storage.removeItem(key);
  });
}

/**
 * Merges `change` into the session's record of `path` and stamps it now. Returns false when it
 * was not stored (too large, or storage refused).
 *
 * @example writeRecord(sessionStorage, '/knowledge', { q: '?page=2', y: 840 }, Date.now(), owner)
 */
export function writeRecord(
  storage: KeepStorage,
  path: string,
  change: Omit<KeptRecord, 't' | 'u'>,
  now: number,
  owner = '',
): boolean {
  try {
    const key = KEEP_PREFIX + path;
    const previous = readRecord(storage, path, now, owner);
    const text = JSON.stringify({ ...previous, ...change, t: now, ...(owner !== '' && { u: owner }) });
    if (text.length > KEEP_MAX_CHARS) return false;
    if (!previous) prune(storage, now, KEEP_MAX_RECORDS - 1, owner);
    try {
      storage.setItem(key, text);
    } catch {
      // Full: make room once.
      prune(storage, now, Math.floor(KEEP_MAX_RECORDS / 4), owner);
      storage.setItem(key, text);
    }
    return true;
  } catch {
    return false;
  }
}

/** How long an arriving page waits for its content to grow tall enough before giving up. */
export const RESTORE_DEADLINE_MS = 6_000;
/** Scrolling is saved at most this often. */
export const SAVE_EVERY_MS = 250;

/**
 * The inline head script of a kept page; it runs before any island reads the URL.
 *
 * - It applies when the user comes back: by a link of the site, the back and forward buttons or
 *   a reload. An address typed or opened from elsewhere (bookmark, other site) starts clean.
 * - It turns off the browser's own scroll restoration and puts back the page's last query when
 *   a link without one led here (the navigation); a query given explicitly stays, and so does
 *   the query-less address of a history entry or a reload.
 * - It saves the query, the scroll position and the page height on scroll (throttled), when the
 *   page is hidden and when it is left.
 * - When the page shows the query it had when it was left (and no anchor), it scrolls back to
 *   the saved position each time the page changes size, until the page has the height it had
 *   then and shows that position (placeholders and blocks loading above would otherwise shift
 *   it), the user scrolls or types first, or {@link RESTORE_DEADLINE_MS} passes; also after a
 *   return from the back/forward cache.
 *
 * - It reads and writes only the records of the session the page was opened in, and writes
 *   nothing once the token cookie names another session or none (after sign-out).
 *
 * Plain ES5 and tiny, as it is inlined in five page families. The record rules are those of
 * {@link keptPath}, {@link parseRecord} and {@link sessionOwner}; the unit tests run this very
 * script.
 */
export function keepAliveScript(): string {
  return (
    `(function(){try{var w=window,h=history,l=location,d=document,D=d.documentElement,S=sessionStorage,` +
    `K='${KEEP_PREFIX}'+(l.pathname.replace(/(\\/index\\.html|\\/+)$/,'')||'/'),` +
    `E=['wheel','keydown','pointerdown'],T=null,H=0,z=0,x=0,r,U=C();` +
    `function C(){var m=d.cookie.match(/(?:^|;\\s*)${TOKEN_COOKIE}=([^;]*)/),k=2166136261,i=0,t=m?m[1]:'';` +
    `for(;i<t.length;i++)k=Math.imul(k^t.charCodeAt(i),16777619)>>>0;return t?k.toString(36):''}` +
    `function g(){try{var o=JSON.parse(S.getItem(K));return o&&Date.now()-o.t<${KEEP_TTL_MS}&&(typeof o.u=='string'?o.u:'')===U?o:null}catch(e){return null}}` +
    `function v(){clearTimeout(z);z=0;if(C()!==U)return;try{var o=g()||{};o.q=l.search;o.y=T==null?Math.round(w.scrollY):T;o.h=T==null?D.scrollHeight:H;o.t=Date.now();U?o.u=U:delete o.u;S.setItem(K,JSON.stringify(o))}catch(e){}}` +
    `function Y(){var o=g();return o&&o.y>0&&!l.hash&&(o.q||'')===l.search?o:0}` +
    `function R(y,m){x&&x();T=y;H=m||0;var b=new ResizeObserver(a),t=setTimeout(function(){a();s()},${RESTORE_DEADLINE_MS});` +
    `function s(){T=null;x=0;b.disconnect();clearTimeout(t);E.forEach(function(k){w.removeEventListener(k,s,!0)})}` +
    `function a(){if(T!==y)return;w.scrollTo(0,y);Math.abs(w.scrollY-y)<1&&(!H||D.scrollHeight===H)&&s()}` +
    `x=s;b.observe(D);E.forEach(function(k){w.addEventListener(k,s,{capture:!0,passive:!0})});a()}` +
    `h.scrollRestoration='manual';r=g();` +
    `var N=(performance.getEntriesByType('navigation')[0]||{}).type,` +
    `B=N==='back_forward'||N==='reload',I=d.referrer.indexOf(l.origin+'/')===0;` +
    `if(!l.search&&!B&&I&&r&&/^\\?./.test(r.q))h.replaceState(h.state,'',l.pathname+r.q+l.hash);` +
    `w.addEventListener('scroll',function(){T==null&&!z&&(z=setTimeout(v,${SAVE_EVERY_MS}))},{passive:!0});` +
    `w.addEventListener('pagehide',v);` +
    `d.addEventListener('visibilitychange',function(){d.hidden&&v()});` +
    `w.addEventListener('pageshow',function(e){(r=e.persisted&&Y())&&R(r.y,r.h)});` +
    `r=(B||I)&&Y();r&&R(r.y,r.h)}catch(e){}})();`
  );
}

const NONE: unique symbol = Symbol('none');
/** Kept values of this document by key, as read once from storage and written since. */
const values = new Map<string, unknown>();
const listeners = new Set<() => void>();

function pagePath(): string {
  return keptPath(location.pathname);
}

function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** The session this document was opened in, read once ({@link sessionOwner}). */
let owner: string | undefined;

function currentOwner(): string {
  return typeof document === 'undefined' ? '' : sessionOwner(document.cookie);
}

function pageOwner(): string {
  return (owner ??= currentOwner());
}

function keptValue(key: string): unknown {
  if (!values.has(key)) {
    const store = storage();
    const kept = store ? readRecord(store, pagePath(), Date.now(), pageOwner())?.s : undefined;
    values.set(key, kept && Object.hasOwn(kept, key) ? kept[key] : NONE);
  }
  return values.get(key);
}

function keep(key: string, value: unknown): void {
  values.set(key, value);
  const store = storage();
  const by = pageOwner();
  // A page whose session has ended (or changed) keeps its values in memory only.
  if (store && currentOwner() === by) {
    const path = pagePath();
    const now = Date.now();
    const kept = { ...readRecord(store, path, now, by)?.s };
    kept[key] = value;
    if (!writeRecord(store, path, { s: kept }, now, by)) {
      // Too large to keep: at least do not bring back an older value.
      delete kept[key];
      writeRecord(store, path, { s: kept }, now, by);
    }
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets this document's cached kept values and session (tests). */
export function resetKeptValues(): void {
  values.clear();
  owner = undefined;
}

/**
 * A piece of an island's state that survives leaving the page and coming back (loaded pages of
 * a "more" list, an open panel), like `useState`. Kept per page path and `key` in session
 * storage as JSON, so the value must be plain data. The built page and the hydrating render
 * use `initial`; the kept value follows at once after hydration, and a component mounted later
 * starts with it.
 *
 * @example const [pages, setPages] = useKeptState(`dynamics:${filter}`, 1);
 */
export function useKeptState<T>(key: string, initial: T): [T, (value: T | ((previous: T) => T)) => void] {
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const snapshot = useSyncExternalStore(
    subscribe,
    () => keptValue(key),
    () => NONE,
  );
  const value = snapshot === NONE ? initial : (snapshot as T);
  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      const current = keptValue(key);
      const previous = current === NONE ? initialRef.current : (current as T);
      keep(key, typeof next === 'function' ? (next as (previous: T) => T)(previous) : next);
    },
    [key],
  );
  return [value, set];
}
