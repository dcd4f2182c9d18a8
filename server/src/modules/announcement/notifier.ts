/**
 * Tells open unread streams that a member's unread count may have changed. Changes go through
 * a transport: in-process by default (one gateway process); a transport over PostgreSQL
 * LISTEN/NOTIFY (several gateway processes) can take its place with `useTransport` at start-up,
 * and nothing else changes. Subscribers are the streams of this process, by (enterprise, member).
 */

/** Whose count may have changed: one member's, or (no `memberId`) everyone's in the enterprise. */
export interface UnreadChange {
  enterpriseId: string;
  memberId?: string;
}

/** Carries changes to every gateway process, this one included. */
export interface ChangeTransport {
  publish(change: UnreadChange): Promise<void>;
  /** Receives every published change until the answered function is called. */
  listen(receive: (change: UnreadChange) => void): () => void;
  close?(): Promise<void>;
}

/** One process: a change is delivered at once, to this process only. */
export function localTransport(): ChangeTransport {
  const receivers = new Set<(change: UnreadChange) => void>();
  return {
    async publish(change) {
      for (const receive of receivers) receive(change);
    },
    listen(receive) {
      receivers.add(receive);
      return () => void receivers.delete(receive);
    },
  };
}

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
  const deliver = (change: UnreadChange) => {
    const members = byEnterprise.get(change.enterpriseId);
    if (!members) return;
    if (change.memberId === undefined) {
      for (const set of members.values()) for (const s of set) tell(s, true);
    } else {
      for (const s of members.get(change.memberId) ?? []) tell(s, false);
    }
  };

  let transport = initial;
  let stopListening = transport.listen(deliver);

  const publish = (change: UnreadChange) => {
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
    async useTransport(next: ChangeTransport): Promise<void> {
      stopListening();
      const previous = transport;
      transport = next;
      stopListening = next.listen(deliver);
      await previous.close?.();
    },
  };
}

export type UnreadNotifier = ReturnType<typeof createUnreadNotifier>;

/** The notifier of this gateway process. */
export const unreadNotifier: UnreadNotifier = createUnreadNotifier();

/** Ends every open unread stream of this process; call before closing the HTTP server. */
export function closeUnreadStreams(): void {
  unreadNotifier.closeAll();
}
