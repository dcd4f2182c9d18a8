/**
 * The train page's state in the URL: the open tab, its filter and page
 * (`?tab=tasks&filter=1&page=2`), so coming back to the page shows them again.
 */

export const TABS = ['projects', 'tasks', 'progress', 'records', 'live'] as const;
export type Tab = (typeof TABS)[number];

/** A query parameter of the page ('' when missing, and in the built page). */
export function readParam(name: string): string {
  return typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get(name) ?? '');
}

/** Changes query parameters without a new history entry; undefined removes one. */
export function writeParams(change: Record<string, string | undefined>) {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  history.replaceState(history.state, '', url);
}

/** The open tab, from `?tab=` (the projects by default). */
export function readTab(): Tab {
  const value = readParam('tab');
  return (TABS as readonly string[]).includes(value) ? (value as Tab) : 'projects';
}
