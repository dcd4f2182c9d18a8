import { describe, expect, it } from 'vitest';
import { watchLeaves, type LeaveKind } from './leaves';

/** A window and a document as far as leaving the page goes. */
function fakePage() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const leaves: LeaveKind[] = [];
  const stop = watchLeaves((kind) => leaves.push(kind), win as unknown as Window, doc as unknown as Document);
  const fire = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type));
  return {
    leaves,
    stop,
    hide: () => {
      doc.visibilityState = 'hidden';
      fire(doc, 'visibilitychange');
    },
    show: () => {
      doc.visibilityState = 'visible';
      fire(doc, 'visibilitychange');
    },
    blur: () => fire(win, 'blur'),
    focus: () => fire(win, 'focus'),
  };
}

describe('watchLeaves', () => {
  it('reports a tab switch once, though it blurs the window and hides the tab', () => {
    const p = fakePage();
    p.blur();
    p.hide();
    expect(p.leaves).toEqual(['blur']);
    p.show();
    p.focus();
    p.hide();
    p.blur();
    expect(p.leaves).toEqual(['blur', 'hidden']);
  });

  it('reports leaving the window for another one, and again after coming back', () => {
    const p = fakePage();
    p.blur();
    p.blur();
    p.focus();
    p.blur();
    expect(p.leaves).toEqual(['blur', 'blur']);
  });

  it('does not count focus returning to a hidden tab as coming back', () => {
    const p = fakePage();
    p.hide();
    p.focus();
    p.blur();
    expect(p.leaves).toEqual(['hidden']);
  });

  it('stops watching', () => {
    const p = fakePage();
    p.stop();
    p.hide();
    expect(p.leaves).toEqual([]);
  });
});
