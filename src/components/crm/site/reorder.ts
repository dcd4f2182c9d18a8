/**
 * Reordering a list by drag and drop or by the move up/down buttons, kept pure so it is tested
 * without a browser.
 */

/**
 * The list with the item at `from` moved to `to` (both clamped to the list); the same list when
 * nothing moves.
 *
 * @example moveItem(['a', 'b', 'c'], 0, 2) → ['b', 'c', 'a']
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The ids of a list, in order. */
export function idsOf(list: readonly { id: string }[]): string[] {
  return list.map((item) => item.id);
}
