import { afterAll, describe, expect, it } from 'vitest';
import type { UnreadCount } from '@/api/home-types';
import { $unread, applyUnread, setUnread, UNREAD_CHANNEL } from '@/stores/unread';

const count = (total: number): UnreadCount => ({ total, announcements: total - 1, messages: 1 });

/** Another tab of the browser: its own channel object on the same name. */
const otherTab = new BroadcastChannel(UNREAD_CHANNEL);
const heard: unknown[] = [];
otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterAll(() => otherTab.close());

describe('the unread store across tabs', () => {
  it('tells the other tabs what setUnread sets, and only that', async () => {
    const stop = $unread.listen(() => undefined);
    setUnread(count(3));
    expect($unread.get()).toEqual(count(3));
    applyUnread(count(7));
    expect($unread.get()).toEqual(count(7));
    await settle();
    expect(heard).toEqual([count(3)]);
    stop();
  });

  it('applies what another tab tells while the count is shown, ignoring anything else', async () => {
    const stop = $unread.listen(() => undefined);
    otherTab.postMessage(count(2));
    await settle();
    expect($unread.get()).toEqual(count(2));
    otherTab.postMessage({ total: 'x' });
    otherTab.postMessage(null);
    otherTab.postMessage({ total: -1, announcements: 0, messages: 0 });
    await settle();
    expect($unread.get()).toEqual(count(2));
    stop();
  });
});
