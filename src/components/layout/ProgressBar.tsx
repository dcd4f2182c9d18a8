import { useEffect, useState } from 'react';
import { createProgress, type ProgressState } from '@/lib/progress';

/** Whether a click on a link leaves for another page of this site in this tab. */
function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  const samePage = url.pathname === location.pathname && url.search === location.search;
  return !samePage;
}

/**
 * The thin page-load bar at the top, in the brand colour (spec sections 2, 9). It starts when
 * the user follows a link within the site or the page unloads, and finishes when a page is
 * shown again (back/forward cache). Decorative: the browser announces loading itself.
 */
export function ProgressBar() {
  const [state, setState] = useState<ProgressState>({ visible: false, value: 0 });

  useEffect(() => {
    const progress = createProgress({ onChange: setState });
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) progress.start();
    };
    const onLeave = () => progress.start();
    const onShow = () => progress.done();
    document.addEventListener('click', onClick);
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      progress.done();
      document.removeEventListener('click', onClick);
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);

  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5">
      <div
        className="bg-primary h-full transition-[width,opacity] duration-200 ease-out"
        style={{ width: `${state.value}%`, opacity: state.visible ? 1 : 0 }}
      />
    </div>
  );
}
