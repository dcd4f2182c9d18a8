import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from './store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-store-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('localFileStore', () => {
  it('reads a byte range of a file, and the whole file for a range it cannot take', async () => {
    const store = localFileStore(dir);
    await store.put('e1/Ab_1.pdf', new TextEncoder().encode('0123456789'));
    const part = await store.get('e1/Ab_1.pdf', { start: 2, end: 4 });
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    expect(await new Response(part!.body).text()).toBe('234');
    for (const range of [{ start: 5, end: 10 }, { start: 4, end: 2 }]) {
      const whole = await store.get('e1/Ab_1.pdf', range);
      expect(whole?.range).toBeUndefined();
      expect(await new Response(whole!.body).text()).toBe('0123456789');
    }
  });
});
