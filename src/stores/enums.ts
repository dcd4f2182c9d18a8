/**
 * Enum option lists (spec section 3), fetched by name and cached for the browser session:
 * in memory and in session storage under `enum:<name>:<locale>`. Concurrent calls for the
 * same list share one request; a failed request is not cached.
 */
import { getEnumList } from '@/api/system';
import type { EnumOption } from '@/api/types';
import { $locale } from '@/stores/locale';

export const ENUM_CACHE_PREFIX = 'enum:';

const memory = new Map<string, Promise<EnumOption[]>>();

function readStored(key: string): EnumOption[] | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown;
    return Array.isArray(value) ? (value as EnumOption[]) : undefined;
  } catch {
    return undefined;
  }
}

/** @example const sexes = await loadEnum('sex') */
export function loadEnum(enumName: string): Promise<EnumOption[]> {
  const key = `${ENUM_CACHE_PREFIX}${enumName}:${$locale.get()}`;
  const cached = memory.get(key);
  if (cached) return cached;
  const stored = readStored(key);
  if (stored) {
    const ready = Promise.resolve(stored);
    memory.set(key, ready);
    return ready;
  }
  const task = getEnumList(enumName).then(
    (options) => {
      try {
        sessionStorage.setItem(key, JSON.stringify(options));
      } catch {
        // Storage full or blocked: the in-memory copy still serves this page.
      }
      return options;
    },
    (error: unknown) => {
      memory.delete(key);
      throw error;
    },
  );
  memory.set(key, task);
  return task;
}

/** Forgets the in-memory lists (session storage is cleared on sign-out). */
export function forgetEnums(): void {
  memory.clear();
}
