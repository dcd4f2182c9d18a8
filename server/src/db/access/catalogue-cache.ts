/**
 * What every learner of a company sees alike in the course catalogue (a course's card without
 * the caller's progress, its counts, the ids of a list page), kept by this gateway process for
 * at most {@link CATALOGUE_CACHE_MS}, so that the hot course reads ask the database only for
 * the caller's own rows. A like, a rating, a comment or a first opening of a course forgets the
 * company's entries at once, here and (through the transport, LISTEN/NOTIFY on PostgreSQL) in
 * every other gateway process; the time limit bounds what anything else can leave behind.
 *
 * Loads are shared: callers asking for the same entry while it loads wait for the same answer.
 * A load that a forgetting overtook answers its callers but is not kept.
 */
import { switchableTransport, type Change } from '../../notify/transport';

/** Longest a catalogue entry is used without asking the database again. */
export const CATALOGUE_CACHE_MS = 3_000;
/** Entries kept per company at most; past it the oldest go first. */
export const MAX_ENTRIES_PER_COMPANY = 5_000;
/** LISTEN/NOTIFY channel of the companies whose catalogue changed. */
export const CATALOGUE_CHANNEL = 'xuetang_catalogue';

interface Entry {
  until: number;
  value: Promise<unknown>;
}

export function createCatalogueCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? CATALOGUE_CACHE_MS;
  const now = options.now ?? Date.now;
  /** Company id → its entries by key. */
  const companies = new Map<string, Map<string, Entry>>();

  const drop = (change: Change) => void companies.delete(change.enterpriseId);
  const transport = switchableTransport(drop, () => companies.clear());

  return {
    /**
     * The entry `key` of company `eid`: the kept answer while it is fresh, else `load()`'s (kept
     * unless the load fails or the company's entries are forgotten meanwhile).
     */
    remember<T>(eid: string, key: string, load: () => PromiseLike<T>): Promise<T> {
      let entries = companies.get(eid);
      const at = now();
      const entry = entries?.get(key);
      if (entry && entry.until > at) return entry.value as Promise<T>;
      if (!entries) companies.set(eid, (entries = new Map()));
      // A query builder is a thenable that runs again at every `then`: adopted once here.
      let value: Promise<T>;
      try {
        value = Promise.resolve(load());
      } catch (error) {
        value = Promise.reject(error);
      }
      const fresh: Entry = { until: at + ttl, value };
      if (entries.size >= MAX_ENTRIES_PER_COMPANY) entries.delete(entries.keys().next().value!);
      entries.delete(key);
      entries.set(key, fresh);
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },

    /** Company `eid`'s catalogue changed: forget its entries here and in every other process. */
    forget(eid: string): Promise<void> {
      return transport.publish({ enterpriseId: eid }).catch((error: unknown) => {
        // The time limit still ends the stale entries elsewhere.
        console.error('[catalogue] could not tell the other gateway processes:', error);
      });
    },

    /** Entries held now for a company. */
    size: (eid: string) => companies.get(eid)?.size ?? 0,

    /** Switches to another transport (at start-up on PostgreSQL); the previous one is closed. */
    useTransport: transport.useTransport,
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/**
 * The catalogue cache of this gateway process. Keys start with the company id, which no two
 * databases share, so gateways on different databases in one process (tests) cannot meet here.
 */
export const catalogue: CatalogueCache = createCatalogueCache();
