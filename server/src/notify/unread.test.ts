import { describe, expect, it } from 'vitest';
import { createUnreadNotifier } from './unread';
import { localTransport, type ChangeTransport, type Change } from './transport';

/** A subscriber that records what it heard. */
function listener() {
  const heard: string[] = [];
  return {
    heard,
    changed: (wide: boolean) => heard.push(wide ? 'wide' : 'own'),
    closed: () => heard.push('closed'),
  };
}

/** Two "processes" sharing one bus, as a LISTEN/NOTIFY transport would connect them. */
function sharedBus() {
  const bus = localTransport();
  const sent: Change[] = [];
  const transport = (): ChangeTransport => ({
    async publish(change) {
      sent.push(change);
      await bus.publish(change);
    },
    listen: (receive) => bus.listen(receive),
  });
  return { transport, sent };
}

describe('the unread notifier', () => {
  it('tells a member of their own changes and everyone of the enterprise of company-wide ones', async () => {
    const notifier = createUnreadNotifier();
    const [a, a2, b, other] = [listener(), listener(), listener(), listener()];
    notifier.subscribe('e1', 'm1', a);
    notifier.subscribe('e1', 'm1', a2);
    notifier.subscribe('e1', 'm2', b);
    notifier.subscribe('e2', 'm1', other);
    notifier.memberChanged('e1', 'm1');
    notifier.enterpriseChanged('e1');
    await Promise.resolve();
    expect([a.heard, a2.heard, b.heard, other.heard]).toEqual([['own', 'wide'], ['own', 'wide'], ['wide'], []]);
  });

  it('forgets unsubscribed streams, and closes all of them at once', async () => {
    const notifier = createUnreadNotifier();
    const [a, b] = [listener(), listener()];
    const stop = notifier.subscribe('e1', 'm1', a);
    notifier.subscribe('e1', 'm2', b);
    expect(notifier.size()).toBe(2);
    stop();
    stop();
    expect(notifier.size()).toBe(1);
    notifier.memberChanged('e1', 'm1');
    await Promise.resolve();
    expect(a.heard).toEqual([]);
    notifier.closeAll();
    expect(b.heard).toEqual(['closed']);
    expect(notifier.size()).toBe(0);
  });

  it('keeps telling the others when one subscriber throws', async () => {
    const notifier = createUnreadNotifier();
    const ok = listener();
    notifier.subscribe('e1', 'm1', { changed: () => { throw new Error('gone'); }, closed: () => {} });
    notifier.subscribe('e1', 'm1', ok);
    notifier.memberChanged('e1', 'm1');
    await Promise.resolve();
    expect(ok.heard).toEqual(['own']);
  });

  it('carries changes between gateway processes over a shared transport', async () => {
    const { transport, sent } = sharedBus();
    const one = createUnreadNotifier();
    const two = createUnreadNotifier();
    await one.useTransport(transport());
    await two.useTransport(transport());
    const onTwo = listener();
    two.subscribe('e1', 'm1', onTwo);
    one.memberChanged('e1', 'm1');
    one.enterpriseChanged('e1');
    await Promise.resolve();
    expect(sent).toEqual([{ enterpriseId: 'e1', memberId: 'm1' }, { enterpriseId: 'e1' }]);
    expect(onTwo.heard).toEqual(['own', 'wide']);
  });
});
