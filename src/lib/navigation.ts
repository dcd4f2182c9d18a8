/**
 * Whether a click on a link leaves for another page of this site in this tab: a plain
 * left click on a same-origin link to another path or query, not a download or new tab.
 *
 * @example isInternalNavigation(clickOnLinkTo('/exam'), 'https://a.example/home') → true
 */
export function isInternalNavigation(event: MouseEvent, here: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!link || !('href' in link)) return false;
  const anchor = link as HTMLAnchorElement;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.getAttribute('href') ?? '', here);
  const current = new URL(here);
  if (url.origin !== current.origin) return false;
  return url.pathname !== current.pathname || url.search !== current.search;
}
