/**
 * Keep-alive (spec section 2: "a page area that keeps Home, Train, Knowledge, Exam and Account
 * alive"): coming back to those pages, by a link or the back button, restores their state —
 * scroll position, filters and loaded pages — instead of starting over.
 */
import { useState } from 'react';

/**
 * A piece of an island's state that survives leaving the page and coming back (loaded pages of
 * a "more" list, an open tab). Keyed per page path and `key`.
 */
// TODO(scaffold): kept in session storage and restored.
export function useKeptState<T>(_key: string, initial: T): [T, (value: T | ((previous: T) => T)) => void] {
  return useState<T>(initial);
}
