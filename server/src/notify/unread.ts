/**
 * Tells open unread streams that a member's unread count may have changed. Changes go through a
 * transport ({@link ./transport}), so every replica hears of every change; subscribers are the
 * streams of this process, by (enterprise, member).
 */
import type { Db } from '../db/client';
import { localTransport, switchableTransport, type Change, type ChangeTransport } from './transport';

export interface UnreadSubscriber {
  /** The count may have changed; `wide` when the change concerns the whole enterprise. */
  changed(wide: boolean): void;
  /** The gateway is closing: end the stream. */
  closed(): void;
}

export function createUnreadNotifier(initial: ChangeTransport = localTransport()) {
  const byEnterprise = new Map<string, Map<string, Set<UnreadSubscriber>>>();

  const tell = (subscriber: UnreadSubscriber, wide: boolean) => {
    try {
      subscriber.changed(wide);
    } catch {
      // One broken stream must not keep the others from hearing.
    }
  };
  const deliver = (change: Change) => {
    const members = byEnterprise.get(change.enterpriseId);
    if (!members) return;
    if (change.memberId === undefined) {
      for (const set of members.values()) for (const s of set) tell(s, true);
    } else {
      for (const s of members.get(change.memberId) ?? []) tell(s, false);
    }
  };

  /** Every stream of the process counts again (spread over a moment, as for a wide change). */
  const resync = () => {
    for (const enterpriseId of [...byEnterprise.keys()]) deliver({ enterpriseId });
  };

  const transport = switchableTransport(deliver, resync, initial);

  const publish = (change: Change) => {
    transport.publish(change).catch((error: unknown) => {
      // Streams re-check their count periodically, so a lost change is late, not lost.
      console.error('[unread] could not publish a change:', error);
    });
  };

  return {
    /** Starts telling `subscriber` about the member's changes; answers the unsubscribe. */
    subscribe(enterpriseId: string, memberId: string, subscriber: UnreadSubscriber): () => void {
      let members = byEnterprise.get(enterpriseId);
      if (!members) byEnterprise.set(enterpriseId, (members = new Map()));
      let set = members.get(memberId);
      if (!set) members.set(memberId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && members.get(memberId) === set) members.delete(memberId);
        if (members.size === 0 && byEnterprise.get(enterpriseId) === members) byEnterprise.delete(enterpriseId);
      };
    },

    /** A member's records changed (a message to them, or they read, removed or liked one). */
    memberChanged(enterpriseId: string, memberId: string): void {
      publish({ enterpriseId, memberId });
    },

    /** Every member's records changed (an announcement was published to the company). */
    enterpriseChanged(enterpriseId: string): void {
      publish({ enterpriseId });
    },

    /** Open subscriptions in this process. */
    size(): number {
      let n = 0;
      for (const members of byEnterprise.values()) for (const set of members.values()) n += set.size;
      return n;
    },

    /** Ends every open stream of this process (at shutdown, or when a test gateway closes). */
    closeAll(): void {
      const all = [...byEnterprise.values()].flatMap((members) => [...members.values()].flatMap((set) => [...set]));
      byEnterprise.clear();
      for (const s of all) {
        try {
          s.closed();
        } catch {
          // Already gone.
        }
      }
    },

    /** Switches to another transport (at start-up); the previous one is closed. */
    useTransport: transport.useTransport,
  };
}

export type UnreadNotifier = ReturnType<typeof createUnreadNotifier>;

/** The notifier of this gateway process. */
export const unreadNotifier: UnreadNotifier = createUnreadNotifier();

const byDatabase = new WeakMap<Db, UnreadNotifier>();

/**
 * The notifier for the gateway on `db`: the process's own unless another was attached to that
 * database handle (two gateway instances in one process, as tests make them, each with its own).
 */
export function notifierOf(db: Db): UnreadNotifier {
  return byDatabase.get(db) ?? unreadNotifier;
}

/** Gives the gateway on `db` a notifier of its own (see {@link notifierOf}). */
export function attachNotifier(db: Db, notifier: UnreadNotifier): void {
  byDatabase.set(db, notifier);
}

/** Ends every open unread stream of this process; call before closing the HTTP server. */
export function closeUnreadStreams(): void {
  unreadNotifier.closeAll();
}
