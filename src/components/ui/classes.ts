/**
 * Class lists joined when the page runs. Written as template literals, the bundler would copy
 * each whole list into every chunk that adds a class to it.
 *
 * @example classes('rounded-md border', 'h-9') → 'rounded-md border h-9'
 */
export function classes(...lists: string[]): string {
  return lists.join(' ');
}
