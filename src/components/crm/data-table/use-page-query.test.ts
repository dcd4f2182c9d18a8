// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageQuery, type PageQuery } from '@/components/crm/data-table/use-page-query';
import type { PageResult } from '@/api/types';

const page = (name: string): PageResult<string> => ({ list: [name], pageCurrent: 1, pageSize: 20, totalCount: 1, totalPage: 1 });

describe('usePageQuery', () => {
  let container: HTMLElement;
  let root: Root;
  let result: PageQuery<string>;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
  });

  function Probe(props: { loader: (p: { k: string }, s: AbortSignal) => Promise<PageResult<string>>; params: { k: string }; enabled?: boolean }) {
    result = usePageQuery(props.loader, props.params, { enabled: props.enabled });
    return null;
  }

  it('loads on parameter changes, aborts the stale call and keeps only the newest answer', async () => {
    const calls: Array<{ k: string; signal: AbortSignal; resolve: (p: PageResult<string>) => void }> = [];
    const loader = (params: { k: string }, signal: AbortSignal) =>
      new Promise<PageResult<string>>((resolve) => calls.push({ k: params.k, signal, resolve }));

    await act(async () => root.render(createElement(Probe, { loader, params: { k: 'a' } })));
    expect(result.loading).toBe(true);
    // The same parameters in a new object: no new call.
    await act(async () => root.render(createElement(Probe, { loader, params: { k: 'a' } })));
    expect(calls).toHaveLength(1);

    await act(async () => root.render(createElement(Probe, { loader, params: { k: 'b' } })));
    expect(calls).toHaveLength(2);
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[0].resolve(page('stale')));
    expect(result.data).toBeNull();
    await act(async () => calls[1].resolve(page('b')));
    expect(result).toMatchObject({ data: page('b'), loading: false, error: null });

    await act(async () => result.reload());
    expect(calls).toHaveLength(3);
    expect(calls[2].k).toBe('b');
    expect(result.loading).toBe(true);
    expect(result.data).toEqual(page('b'));
  });

  it('reports errors and waits while disabled', async () => {
    const loader = vi.fn(() => Promise.reject(new Error('down')));
    await act(async () => root.render(createElement(Probe, { loader, params: { k: 'a' }, enabled: false })));
    expect(loader).not.toHaveBeenCalled();
    expect(result.loading).toBe(false);
    await act(async () => root.render(createElement(Probe, { loader, params: { k: 'a' }, enabled: true })));
    expect(loader).toHaveBeenCalledOnce();
    expect(result.loading).toBe(false);
    expect((result.error as Error).message).toBe('down');
  });
});
