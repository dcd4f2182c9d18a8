/**
 * The runner's local journal: every answer and every page leave is written here before it is
 * sent, and stays until the gateway confirms it, so a reload, a crash or a dropped connection
 * loses nothing. IndexedDB with its plain API (one database per origin); where IndexedDB is
 * missing or refuses, an in-memory journal keeps the runner working for this page's life.
 */

/** One question's latest answer in a paper. */
export interface JournalAnswer {
  paperId: string;
  questionId: string;
  answer: string[];
  /** The question's change counter: only grows, survives reloads. */
  seq: number;
  /** The gateway holds this seq (or a newer one). */
  confirmed: boolean;
}

/** One leave of the page not yet confirmed by the gateway. */
export interface JournalLeave {
  paperId: string;
  eventId: string;
  kind: 'hidden' | 'blur';
  clientAt: string;
}

export interface Journal {
  answers(paperId: string): Promise<JournalAnswer[]>;
  putAnswer(entry: JournalAnswer): Promise<void>;
  leaves(paperId: string): Promise<JournalLeave[]>;
  putLeave(entry: JournalLeave): Promise<void>;
  deleteLeave(eventId: string): Promise<void>;
  /** Forgets a paper (after hand-in). */
  clear(paperId: string): Promise<void>;
}

const DB_NAME = 'xuetang-exam-journal';
const ANSWERS = 'answers';
const LEAVES = 'leaves';
const BY_PAPER = 'paperId';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore(ANSWERS, { keyPath: ['paperId', 'questionId'] }).createIndex(BY_PAPER, BY_PAPER);
      db.createObjectStore(LEAVES, { keyPath: 'eventId' }).createIndex(BY_PAPER, BY_PAPER);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('journal blocked'));
  });
}

function idbJournal(db: IDBDatabase): Journal {
  /** Runs `work` in one transaction and resolves when the transaction has committed. */
  const tx = <T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T> | void) =>
    new Promise<T | undefined>((resolve, reject) => {
      const t = db.transaction(store, mode);
      const req = work(t.objectStore(store));
      t.oncomplete = () => resolve(req ? req.result : undefined);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  const byPaper = <T>(store: string, paperId: string) =>
    tx<T[]>(store, 'readonly', (s) => s.index(BY_PAPER).getAll(paperId) as IDBRequest<T[]>).then((r) => r ?? []);

  return {
    answers: (paperId) => byPaper<JournalAnswer>(ANSWERS, paperId),
    putAnswer: async (entry) => {
      await tx(ANSWERS, 'readwrite', (s) => s.put(entry));
    },
    leaves: (paperId) => byPaper<JournalLeave>(LEAVES, paperId),
    putLeave: async (entry) => {
      await tx(LEAVES, 'readwrite', (s) => s.put(entry));
    },
    deleteLeave: async (eventId) => {
      await tx(LEAVES, 'readwrite', (s) => s.delete(eventId));
    },
    clear: async (paperId) => {
      for (const store of [ANSWERS, LEAVES]) {
        await tx(store, 'readwrite', (s) => {
          const cursor = s.index(BY_PAPER).openKeyCursor(IDBKeyRange.only(paperId));
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return;
            s.delete(c.primaryKey);
            c.continue();
          };
        });
      }
    },
  };
}

/** A journal that lives as long as the page (tests, and browsers without IndexedDB). */
export function memoryJournal(): Journal {
  const answers = new Map<string, JournalAnswer>();
  const leaves = new Map<string, JournalLeave>();
  const key = (paperId: string, questionId: string) => `${paperId}\n${questionId}`;
  return {
    answers: async (paperId) => [...answers.values()].filter((a) => a.paperId === paperId).map((a) => ({ ...a })),
    putAnswer: async (entry) => void answers.set(key(entry.paperId, entry.questionId), { ...entry }),
    leaves: async (paperId) => [...leaves.values()].filter((l) => l.paperId === paperId).map((l) => ({ ...l })),
    putLeave: async (entry) => void leaves.set(entry.eventId, { ...entry }),
    deleteLeave: async (eventId) => void leaves.delete(eventId),
    clear: async (paperId) => {
      for (const [k, a] of answers) if (a.paperId === paperId) answers.delete(k);
      for (const [k, l] of leaves) if (l.paperId === paperId) leaves.delete(k);
    },
  };
}

/**
 * A journal whose writes never reject: a failing IndexedDB (quota, private mode) turns into
 * the in-memory journal from then on, keeping what was read so far.
 */
function resilient(primary: Journal): Journal {
  let current = primary;
  const fallback = memoryJournal();
  const guard =
    <A extends unknown[], R>(pick: (j: Journal) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await pick(current)(...args);
      } catch {
        current = fallback;
        return pick(current)(...args);
      }
    };
  return {
    answers: guard((j) => j.answers),
    putAnswer: guard((j) => j.putAnswer),
    leaves: guard((j) => j.leaves),
    putLeave: guard((j) => j.putLeave),
    deleteLeave: guard((j) => j.deleteLeave),
    clear: guard((j) => j.clear),
  };
}

/** The origin's journal (IndexedDB), or an in-memory one where IndexedDB cannot be used. */
export async function openJournal(): Promise<Journal> {
  if (typeof indexedDB === 'undefined') return memoryJournal();
  try {
    return resilient(idbJournal(await openDb()));
  } catch {
    return memoryJournal();
  }
}
