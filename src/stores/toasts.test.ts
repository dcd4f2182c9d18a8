import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  clearToasts,
  dismissToast,
  notify,
  notifyError,
  notifySuccess,
  TOAST_DEDUPE_MS,
  toastKindOf,
} from '@/stores/toasts';

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
});
afterEach(() => {
  vi.useRealTimers();
});

const shown = () => $toasts.get().map((t) => `${t.kind}:${t.message}`);

describe('toast kind', () => {
  it('is success when the text contains 成功', () => {
    expect(toastKindOf('保存成功')).toBe('success');
    expect(toastKindOf('成功提交，请等待审核')).toBe('success');
    expect(toastKindOf('保存失败')).toBe('error');
  });

  it('is success for the English word success in any case', () => {
    expect(toastKindOf('Saved successfully')).toBe('success');
    expect(toastKindOf('SUCCESS')).toBe('success');
    expect(toastKindOf('Operation successful!')).toBe('success');
    expect(toastKindOf('Unsuccessful attempt')).toBe('error');
    expect(toastKindOf('The operation failure!')).toBe('error');
  });
});

describe('queue', () => {
  it('notify picks the kind from the text', () => {
    notify('删除成功');
    notify('Delete failed!');
    expect(shown()).toEqual(['success:删除成功', 'error:Delete failed!']);
  });

  it('notifySuccess and notifyError force the kind', () => {
    notifySuccess('Done');
    notifyError('保存不成功');
    expect(shown()).toEqual(['success:Done', 'error:保存不成功']);
  });

  it('shows identical messages within 2000 ms once', () => {
    expect(notify('网络错误')).toBeTypeOf('number');
    vi.advanceTimersByTime(TOAST_DEDUPE_MS - 1);
    expect(notify('网络错误')).toBeUndefined();
    expect(notifyError('网络错误')).toBeUndefined();
    expect(shown()).toEqual(['error:网络错误']);
    vi.advanceTimersByTime(1);
    expect(notify('网络错误')).toBeTypeOf('number');
    expect(shown()).toEqual(['error:网络错误', 'error:网络错误']);
  });

  it('counts the window from the last time the message was shown', () => {
    notify('A');
    vi.advanceTimersByTime(1500);
    notify('A');
    vi.advanceTimersByTime(600);
    notify('A');
    expect(shown()).toEqual(['error:A', 'error:A']);
  });

  it('shows different messages at once', () => {
    notify('A');
    notify('B');
    expect(shown()).toEqual(['error:A', 'error:B']);
  });

  it('ignores empty messages', () => {
    expect(notify('  ')).toBeUndefined();
    expect($toasts.get()).toEqual([]);
  });

  it('dismissToast removes one toast', () => {
    const a = notify('A')!;
    notify('B');
    dismissToast(a);
    expect(shown()).toEqual(['error:B']);
    dismissToast(999);
    expect(shown()).toEqual(['error:B']);
  });

  it('gives each toast an id and a duration', () => {
    notify('A');
    const [toast] = $toasts.get();
    expect(toast).toMatchObject({ message: 'A', kind: 'error', duration: 3000 });
    expect(toast!.id).toBeGreaterThan(0);
  });
});

describe('toasts with an action', () => {
  it('keeps an undo toast longer and carries its action', async () => {
    const { $toasts, clearToasts, notifySuccess, TOAST_ACTION_DURATION_MS, TOAST_DURATION_MS } = await import('./toasts');
    clearToasts();
    let undone = 0;
    notifySuccess('已删除 undo-test', { label: '撤销', run: () => undone++ });
    const [toast] = $toasts.get();
    expect(toast?.duration).toBe(TOAST_ACTION_DURATION_MS);
    expect(TOAST_ACTION_DURATION_MS).toBeGreaterThan(TOAST_DURATION_MS);
    toast?.action?.run();
    expect(undone).toBe(1);
  });
});
