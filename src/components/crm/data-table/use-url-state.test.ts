// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState, useUrlState, type UrlStatePatch } from '@/components/crm/data-table/use-url-state';

const defaults = { pageCurrent: 1, pageSize: 20, keyword: '', disabled: false };
type Query = typeof defaults;

describe('parseUrlState / formatUrlState', () => {
  it('parses numbers and booleans by the defaults, falling back on unreadable values', () => {
    expect(parseUrlState('?pageCurrent=3&pageSize=x&keyword=li&disabled=true&other=1', defaults)).toEqual({
      pageCurrent: 3,
      pageSize: 20,
      keyword: 'li',
      disabled: true,
    });
    expect(parseUrlState('?disabled=0&pageCurrent=', defaults)).toEqual(defaults);
    expect(parseUrlState('?disabled=maybe', defaults).disabled).toBe(false);
  });

  it('drops defaults and keeps unrelated parameters', () => {
    expect(formatUrlState('?tab=2&keyword=old', { ...defaults, keyword: '张', pageCurrent: 2 }, defaults)).toBe(
      '?tab=2&keyword=%E5%BC%A0&pageCurrent=2',
    );
    expect(formatUrlState('?keyword=old', defaults, defaults)).toBe('');
  });
});

describe('useUrlState', () => {
  let container: HTMLElement;
  let root: Root;
  let seen: Query[];
  let set: (patch: UrlStatePatch<Query>) => void;
  let reset: () => void;

  function Probe() {
    const [state, setState, resetState] = useUrlState(defaults);
    seen.push(state);
    set = setState;
    reset = resetState;
    return createElement('output', null, JSON.stringify(state));
  }

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.history.replaceState(null, '', '/crm/members/?pageSize=50&keyword=wang&tab=x#top');
    container = document.createElement('div');
    document.body.append(container);
    seen = [];
    root = createRoot(container);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  const last = () => seen[seen.length - 1];

  it('reads the URL, writes patches with replaceState, drops defaults', async () => {
    const before = window.history.length;
    await act(async () => root.render(createElement(Probe)));
    expect(last()).toEqual({ pageCurrent: 1, pageSize: 50, keyword: 'wang', disabled: false });

    await act(async () => set({ pageCurrent: 3, disabled: true }));
    expect(last()).toEqual({ pageCurrent: 3, pageSize: 50, keyword: 'wang', disabled: true });
    expect(window.location.search).toBe('?pageSize=50&keyword=wang&tab=x&pageCurrent=3&disabled=true');
    expect(window.location.hash).toBe('#top');
    expect(window.history.length).toBe(before);

    await act(async () => set((current) => ({ pageCurrent: current.pageCurrent + 1, keyword: '' })));
    expect(last().pageCurrent).toBe(4);
    expect(window.location.search).toBe('?pageSize=50&tab=x&pageCurrent=4&disabled=true');

    await act(async () => reset());
    expect(last()).toEqual(defaults);
    expect(window.location.search).toBe('?tab=x');
  });

  it('follows popstate', async () => {
    await act(async () => root.render(createElement(Probe)));
    await act(async () => {
      window.history.replaceState(null, '', '/crm/members/?pageCurrent=7');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(last()).toEqual({ ...defaults, pageCurrent: 7 });
  });

  it('renders the defaults on the server', () => {
    seen = [];
    renderToString(createElement(Probe));
    expect(seen[0]).toEqual(defaults);
  });
});
