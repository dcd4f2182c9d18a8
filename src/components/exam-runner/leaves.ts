/**
 * Leaving the exam page: the tab hidden (`visibilitychange`) or the window blurred (`blur`).
 * A tab switch usually fires both; one leave is reported once, and the next one only after the
 * candidate came back (the tab visible and the window focused again).
 */
export type LeaveKind = 'hidden' | 'blur';

/**
 * Calls `onLeave` once per leave of the page; answers a function that stops watching.
 *
 * @example const stop = watchLeaves((kind) => sync.leave(kind));
 */
export function watchLeaves(onLeave: (kind: LeaveKind) => void, win: Window = window, doc: Document = document): () => void {
  let away = false;
  const leave = (kind: LeaveKind) => {
    if (away) return;
    away = true;
    onLeave(kind);
  };
  const back = () => {
    away = false;
  };
  const onVisibility = () => (doc.visibilityState === 'hidden' ? leave('hidden') : back());
  const onBlur = () => leave('blur');
  const onFocus = () => {
    if (doc.visibilityState !== 'hidden') back();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
  };
}
