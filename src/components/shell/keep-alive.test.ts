// @vitest-environment happy-dom
import { act, createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isKeptPage,
  KEEP_MAX_CHARS,
  KEEP_MAX_RECORDS,
  KEEP_PREFIX,
  KEEP_TTL_MS,
  keepAliveScript,
  keptPath,
  parseRecord,
  readRecord,
  resetKeptValues,
  RESTORE_DEADLINE_MS,
  SAVE_EVERY_MS,
  sessionOwner,
  useKeptState,
  writeRecord,
} from '@/components/shell/keep-alive';

/** A Map-backed Storage, optionally refusing writes beyond `limit` characters in all. */
function memoryStorage(limit = Infinity): Storage {
  const map = new Map<string, string>();
  const size = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      const before = map.get(k);
      map.set(k, String(v));
      if (size() > limit) {
        if (before === undefined) map.delete(k);
        else map.set(k, before);
        throw new DOMException('full', 'QuotaExceededError');
      }
    },
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const NOW = 1_800_000_000_000;

describe('kept pages', () => {
  it('are Home, Train, Knowledge, Exam and Account in both languages', () => {
    for (const path of [
      '/',
      '/index.html',
      '/home',
      '/home/',
      '/home/indexOld/',
      '/train',
      '/knowledge/',
      '/knowledgeOld',
      '/exam',
      '/exam/index_bak/',
      '/account',
      '/account/indexOld',
      '/en',
      '/en/',
      '/en/home/',
      '/en/train/',
      '/en/knowledge',
      '/en/exam/index_bak',
      '/en/account/index.html',
    ]) {
      expect(isKeptPage(path), path).toBe(true);
    }
    for (const path of [
      '/home/rank',
      '/train/project/1',
      '/knowledge/course/1',
      '/exam/other',
      '/account/exam',
      '/account/message',
      '/login',
      '/en/lecturer',
      '/english',
      '/trainer',
    ]) {
      expect(isKeptPage(path), path).toBe(false);
    }
  });

  it('share one record however the path is written', () => {
    expect(keptPath('/knowledge/')).toBe('/knowledge');
    expect(keptPath('/knowledge/index.html')).toBe('/knowledge');
    expect(keptPath('/en/')).toBe('/en');
    expect(keptPath('/')).toBe('/');
    expect(keptPath('/index.html')).toBe('/');
  });
});

describe('records', () => {
  it('are read back while fresh and forgotten after 30 minutes', () => {
    const store = memoryStorage();
    expect(KEEP_TTL_MS).toBe(30 * 60_000);
    expect(writeRecord(store, '/knowledge', { q: '?page=2', y: 640 }, NOW)).toBe(true);
    expect(readRecord(store, '/knowledge', NOW + 1000)).toEqual({ t: NOW, q: '?page=2', y: 640 });
    expect(readRecord(store, '/knowledge', NOW + KEEP_TTL_MS)).toBeNull();
    // The expired record is removed.
    expect(store.getItem(`${KEEP_PREFIX}/knowledge`)).toBeNull();
  });

  it('merge changes and stamp the time', () => {
    const store = memoryStorage();
    writeRecord(store, '/train', { q: '?tab=tasks', y: 10 }, NOW);
    writeRecord(store, '/train', { s: { open: true } }, NOW + 5);
    expect(readRecord(store, '/train', NOW + 6)).toEqual({ t: NOW + 5, q: '?tab=tasks', y: 10, s: { open: true } });
  });

  it('ignore malformed values', () => {
    expect(parseRecord(null, NOW)).toBeNull();
    expect(parseRecord('{', NOW)).toBeNull();
    expect(parseRecord('[1]', NOW)).toBeNull();
    expect(parseRecord('{"q":"?a=1"}', NOW)).toBeNull();
    expect(parseRecord(JSON.stringify({ t: NOW, q: 'javascript:x', y: -5, s: [1] }), NOW)).toEqual({ t: NOW });
    expect(parseRecord(JSON.stringify({ t: NOW, q: '', y: 0 }), NOW)).toEqual({ t: NOW, q: '', y: 0 });
  });

  it('are bounded in size and number', () => {
    const store = memoryStorage();
    expect(writeRecord(store, '/home', { s: { big: 'x'.repeat(KEEP_MAX_CHARS) } }, NOW)).toBe(false);
    expect(store.length).toBe(0);
    store.setItem('other-key', 'kept');
    for (let i = 0; i < KEEP_MAX_RECORDS + 5; i += 1) writeRecord(store, `/p${i}`, { y: i }, NOW + i);
    const kept = Array.from({ length: store.length }, (_, i) => store.key(i)!).filter((k) => k.startsWith(KEEP_PREFIX));
    expect(kept).toHaveLength(KEEP_MAX_RECORDS);
    // The oldest went first; other keys are left alone.
    expect(store.getItem(`${KEEP_PREFIX}/p0`)).toBeNull();
    expect(store.getItem(`${KEEP_PREFIX}/p${KEEP_MAX_RECORDS + 4}`)).not.toBeNull();
    expect(store.getItem('other-key')).toBe('kept');
  });

  it('make room when storage is full', () => {
    const store = memoryStorage(2_000);
    for (let i = 0; i < 12; i += 1) writeRecord(store, `/p${i}`, { s: { text: 'y'.repeat(100) } }, NOW + i);
    expect(writeRecord(store, '/knowledge', { s: { text: 'z'.repeat(600) } }, NOW + 20)).toBe(true);
    expect(readRecord(store, '/knowledge', NOW + 21)?.s).toEqual({ text: 'z'.repeat(600) });
  });
});

describe('records of a session', () => {
  it('tell sessions apart by a fingerprint of the token cookie, never the token itself', () => {
    const a = sessionOwner('lang=zh; ENT_WEB_TOKEN=token-of-a');
    expect(a).toMatch(/^[0-9a-z]{1,7}$/);
    expect(sessionOwner('ENT_WEB_TOKEN=token-of-a; lang=en')).toBe(a);
    expect(sessionOwner('ENT_WEB_TOKEN=token-of-b')).not.toBe(a);
    expect(sessionOwner('lang=zh')).toBe('');
    expect(sessionOwner('XENT_WEB_TOKEN=token-of-a')).toBe('');
  });

  it('are read only by the session that wrote them, and another session pushes them out', () => {
    const store = memoryStorage();
    writeRecord(store, '/knowledge', { q: '?page=2', y: 640 }, NOW, 'a');
    expect(store.getItem(`${KEEP_PREFIX}/knowledge`)).not.toContain('token');
    expect(readRecord(store, '/knowledge', NOW + 1, 'a')).toEqual({ t: NOW, q: '?page=2', y: 640, u: 'a' });
    expect(readRecord(store, '/knowledge', NOW + 1, 'b')).toBeNull();
    // Read as another session, it was removed.
    expect(store.getItem(`${KEEP_PREFIX}/knowledge`)).toBeNull();
    writeRecord(store, '/home', { y: 1 }, NOW, 'a');
    writeRecord(store, '/train', { y: 2 }, NOW, '');
    expect(readRecord(store, '/train', NOW, '')).toEqual({ t: NOW, y: 2 });
    expect(readRecord(store, '/home', NOW, '')).toBeNull();
    // A new record of one session drops every record of the others.
    writeRecord(store, '/home', { y: 1 }, NOW, 'a');
    writeRecord(store, '/exam', { y: 3 }, NOW, 'b');
    expect(store.getItem(`${KEEP_PREFIX}/home`)).toBeNull();
    expect(store.getItem(`${KEEP_PREFIX}/train`)).toBeNull();
    expect(readRecord(store, '/exam', NOW, 'b')?.y).toBe(3);
  });
});

describe('the head script', () => {
  /** A page whose height the test sets; scrolling stops at its end, as in a browser. */
  let pageHeight = 0;
  let y = 0;
  const resized = new Set<() => void>();
  const added: [EventTarget, string, EventListenerOrEventListenerObject, boolean][] = [];

  class FakeResizeObserver {
    constructor(private callback: () => void) {}
    observe() {
      resized.add(this.callback);
    }
    disconnect() {
      resized.delete(this.callback);
    }
  }

  function grow(height: number) {
    pageHeight = height;
    for (const callback of [...resized]) callback();
  }

  /**
   * Runs the script as the page's head would, at `url`, reached by a link of the site or else
   * `how`, from `referrer` (a page of the site unless given).
   */
  function open(url: string, how: NavigationTimingType = 'navigate', referrer = `${location.origin}/knowledge/course/1`) {
    history.replaceState(null, '', url);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: how } as PerformanceNavigationTiming]);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
    new Function(keepAliveScript())();
  }

  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    history.scrollRestoration = 'auto';
    pageHeight = 0;
    y = 0;
    resized.clear();
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
    vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => 600);
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => pageHeight);
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = Math.max(0, Math.min(top, pageHeight - 600));
    }) as typeof window.scrollTo);
    for (const target of [window, document]) {
      const add = target.addEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        const capture = typeof options === 'boolean' ? options : Boolean(options?.capture);
        if (listener) added.push([target, type, listener, capture]);
        add(type, listener, options);
      });
    }
  });

  afterEach(() => {
    for (const [target, type, listener, capture] of added.splice(0)) target.removeEventListener(type, listener, capture);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('puts back the last query of the page and turns off the browser scroll restoration', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2', y: 500 }, Date.now());
    open('/knowledge/');
    expect(location.pathname + location.search).toBe('/knowledge/?sort=hot&page=2');
    expect(history.scrollRestoration).toBe('manual');
  });

  it('keeps a query the page was opened with', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2' }, Date.now());
    open('/knowledge?page=3');
    expect(location.search).toBe('?page=3');
  });

  it('starts clean at an address typed or opened from elsewhere', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2', y: 900 }, Date.now());
    pageHeight = 3000;
    open('/knowledge', 'navigate', '');
    expect(location.search).toBe('');
    open('/knowledge', 'navigate', 'https://elsewhere.example/knowledge');
    expect(location.search).toBe('');
    open('/knowledge?sort=hot&page=2', 'navigate', '');
    expect(y).toBe(0);
    // Reloading is coming back, wherever the page first came from.
    open('/knowledge?sort=hot&page=2', 'reload', '');
    expect(y).toBe(900);
  });

  it('keeps the address of a history entry and of a reload', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2' }, Date.now());
    open('/knowledge', 'back_forward');
    expect(location.search).toBe('');
    open('/knowledge', 'reload');
    expect(location.search).toBe('');
  });

  it('does nothing with an expired or broken record', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?page=2' }, Date.now() - KEEP_TTL_MS - 1);
    open('/knowledge');
    expect(location.search).toBe('');
    sessionStorage.setItem(`${KEEP_PREFIX}/knowledge`, 'not json');
    open('/knowledge');
    expect(location.search).toBe('');
  });

  it('remembers the query and the scroll position when the page is left, keeping the kept values', () => {
    writeRecord(sessionStorage, '/knowledge', { s: { pages: 2 } }, Date.now());
    open('/knowledge?sort=hot&page=2');
    pageHeight = 2000;
    y = 1234;
    dispatchEvent(new Event('pagehide'));
    expect(readRecord(sessionStorage, '/knowledge', Date.now())).toMatchObject({
      q: '?sort=hot&page=2',
      y: 1234,
      h: 2000,
      s: { pages: 2 },
    });
  });

  it('writes nothing once the session it was opened in has ended, even while the page unloads', () => {
    document.cookie = 'ENT_WEB_TOKEN=token-of-a; path=/';
    try {
      open('/home');
      pageHeight = 2000;
      y = 800;
      dispatchEvent(new Event('pagehide'));
      const owner = sessionOwner(document.cookie);
      expect(readRecord(sessionStorage, '/home', Date.now(), owner)).toMatchObject({ y: 800, u: owner });
      // Sign-out: the token cookie and session storage are cleared, then the page is left.
      document.cookie = 'ENT_WEB_TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      sessionStorage.clear();
      y = 900;
      dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(SAVE_EVERY_MS);
      vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
      document.dispatchEvent(new Event('visibilitychange'));
      dispatchEvent(new Event('pagehide'));
      expect(sessionStorage.length).toBe(0);
    } finally {
      document.cookie = 'ENT_WEB_TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it("does not bring back another session's query or position", () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2', y: 500 }, Date.now(), sessionOwner('ENT_WEB_TOKEN=someone-else'));
    pageHeight = 3000;
    open('/knowledge', 'back_forward');
    expect(location.search).toBe('');
    expect(y).toBe(0);
  });

  it('remembers scrolling as it happens, at most every 250 ms, and when the tab is hidden', () => {
    open('/train?tab=tasks');
    y = 300;
    dispatchEvent(new Event('scroll'));
    y = 400;
    dispatchEvent(new Event('scroll'));
    expect(readRecord(sessionStorage, '/train', Date.now())).toBeNull();
    vi.advanceTimersByTime(SAVE_EVERY_MS);
    expect(readRecord(sessionStorage, '/train', Date.now())).toMatchObject({ q: '?tab=tasks', y: 400 });
    y = 50;
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readRecord(sessionStorage, '/train', Date.now())?.y).toBe(50);
  });

  it('scrolls back once the page is tall enough, keeping the target meanwhile', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?sort=hot&page=2', y: 1500 }, Date.now());
    pageHeight = 900;
    open('/knowledge');
    expect(location.search).toBe('?sort=hot&page=2');
    expect(y).toBe(300);
    // Leaving before the data arrived keeps the old place, not the partial one.
    dispatchEvent(new Event('scroll'));
    dispatchEvent(new Event('pagehide'));
    expect(readRecord(sessionStorage, '/knowledge', Date.now())?.y).toBe(1500);
    grow(1500);
    expect(y).toBe(900);
    grow(3000);
    expect(y).toBe(1500);
    // Done: later growth does not move the page.
    y = 1600;
    grow(4000);
    expect(y).toBe(1600);
  });

  it('keeps the position until the page has its old height, so blocks loading above do not shift it', () => {
    writeRecord(sessionStorage, '/home', { q: '', y: 1500, h: 3000 }, Date.now());
    pageHeight = 3400;
    open('/home');
    expect(y).toBe(1500);
    // Placeholders give way to shorter content above; the browser keeps what is in view, moving the position.
    y = 1420;
    grow(2480);
    expect(y).toBe(1500);
    dispatchEvent(new Event('pagehide'));
    expect(readRecord(sessionStorage, '/home', Date.now())).toMatchObject({ y: 1500, h: 3000 });
    grow(3000);
    expect(y).toBe(1500);
    // Done once the page is whole.
    y = 1700;
    grow(3100);
    expect(y).toBe(1700);
  });

  it('stops when the user moves first', () => {
    writeRecord(sessionStorage, '/', { y: 1500 }, Date.now());
    pageHeight = 700;
    open('/');
    expect(y).toBe(100);
    dispatchEvent(new Event('wheel'));
    grow(3000);
    expect(y).toBe(100);
  });

  it('gives up at the deadline', () => {
    writeRecord(sessionStorage, '/en/home', { y: 1500 }, Date.now());
    pageHeight = 700;
    open('/en/home/');
    vi.advanceTimersByTime(RESTORE_DEADLINE_MS);
    grow(3000);
    expect(y).toBe(100);
  });

  it('does not scroll a page opened with another query or at an anchor', () => {
    writeRecord(sessionStorage, '/knowledge', { q: '?page=3', y: 1500 }, Date.now());
    pageHeight = 3000;
    open('/knowledge?page=2');
    expect(y).toBe(0);
    writeRecord(sessionStorage, '/exam', { q: '', y: 1500 }, Date.now());
    open('/exam#main');
    expect(y).toBe(0);
  });

  it('puts the scroll back after a return from the back/forward cache', () => {
    pageHeight = 3000;
    open('/account?num=15');
    y = 800;
    dispatchEvent(new Event('pagehide'));
    y = 0;
    dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(y).toBe(800);
  });
});

describe('useKeptState', () => {
  let container: HTMLElement;
  let seen: unknown[];

  function Probe({ id, onSet }: { id: string; onSet?: (set: (v: number | ((p: number) => number)) => void) => void }) {
    const [value, setValue] = useKeptState(id, 1);
    seen.push(value);
    useEffect(() => {
      onSet?.(setValue);
    }, [onSet, setValue]);
    return createElement('output', null, String(value));
  }

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    sessionStorage.clear();
    resetKeptValues();
    history.replaceState(null, '', '/home');
    container = document.createElement('div');
    document.body.append(container);
    seen = [];
  });

  afterEach(() => {
    container.remove();
  });

  it('renders the initial value on the server', () => {
    expect(renderToString(createElement(Probe, { id: 'pages' }))).toContain('1');
  });

  it('keeps the value for the page and brings it back on the next visit', async () => {
    let set: ((v: number | ((p: number) => number)) => void) | undefined;
    const root = createRoot(container);
    await act(async () => root.render(createElement(Probe, { id: 'pages', onSet: (s) => (set = s) })));
    expect(container.textContent).toBe('1');
    await act(async () => set!((n) => n + 2));
    expect(container.textContent).toBe('3');
    await act(async () => root.unmount());
    expect(readRecord(sessionStorage, '/home', Date.now())?.s).toEqual({ pages: 3 });

    // A new document of the same page: the value comes from storage on the first render.
    resetKeptValues();
    seen = [];
    const again = createRoot(container);
    await act(async () => again.render(createElement(Probe, { id: 'pages' })));
    expect(seen[0]).toBe(3);
    expect(container.textContent).toBe('3');
    await act(async () => again.unmount());
  });

  it('keeps nothing in storage after the session has ended', async () => {
    document.cookie = 'ENT_WEB_TOKEN=token-of-a; path=/';
    try {
      let set: ((v: number | ((p: number) => number)) => void) | undefined;
      const root = createRoot(container);
      await act(async () => root.render(createElement(Probe, { id: 'pages', onSet: (s) => (set = s) })));
      await act(async () => set!(2));
      const owner = sessionOwner(document.cookie);
      expect(readRecord(sessionStorage, '/home', Date.now(), owner)?.s).toEqual({ pages: 2 });
      document.cookie = 'ENT_WEB_TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      sessionStorage.clear();
      await act(async () => set!(5));
      expect(container.textContent).toBe('5');
      expect(sessionStorage.length).toBe(0);
      await act(async () => root.unmount());
    } finally {
      document.cookie = 'ENT_WEB_TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('keeps values per page path and key', async () => {
    writeRecord(sessionStorage, '/knowledge', { s: { pages: 7 } }, Date.now());
    writeRecord(sessionStorage, '/home', { s: { other: 9 } }, Date.now());
    const root = createRoot(container);
    await act(async () => root.render(createElement(Probe, { id: 'pages' })));
    expect(container.textContent).toBe('1');
    await act(async () => root.unmount());
  });

  it('hydrates with the initial value, then shows the kept one', async () => {
    writeRecord(sessionStorage, '/home', { s: { pages: 4 } }, Date.now());
    container.innerHTML = renderToString(createElement(Probe, { id: 'pages' }));
    seen = [];
    const { hydrateRoot } = await import('react-dom/client');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, createElement(Probe, { id: 'pages' }), {
        onRecoverableError: (error) => {
          throw error;
        },
      });
    });
    expect(seen[0]).toBe(1);
    expect(container.textContent).toBe('4');
    await act(async () => root!.unmount());
  });
});
