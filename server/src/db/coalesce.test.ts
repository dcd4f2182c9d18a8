import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { COALESCE_MAX, coalesced } from './coalesce';

const dbA = {} as Db;
const dbB = {} as Db;

/** A read that records each statement it would send and answers each ask with `eid:ask`. */
function recorder() {
  const sent: { db: Db; eid: string; asks: number[] }[] = [];
  const read = coalesced(async (db: Db, eid: string, asks: number[]) => {
    sent.push({ db, eid, asks });
    return asks.map((a) => `${eid}:${a}`);
  });
  return { sent, read };
}

describe('coalesced reads', () => {
  it('asks of one turn share a statement and each gets its own answer, in order', async () => {
    const { sent, read } = recorder();
    const answers = await Promise.all([1, 2, 3].map((n) => read(dbA, 'e1', n)));
    expect(answers).toEqual(['e1:1', 'e1:2', 'e1:3']);
    expect(sent).toEqual([{ db: dbA, eid: 'e1', asks: [1, 2, 3] }]);
  });

  it('never mixes enterprises or database handles, and a later turn reads again', async () => {
    const { sent, read } = recorder();
    await Promise.all([read(dbA, 'e1', 1), read(dbA, 'e2', 2), read(dbB, 'e1', 3), read(dbA, 'e1', 4)]);
    expect(sent.map((s) => [s.db === dbA ? 'A' : 'B', s.eid, s.asks])).toEqual([
      ['A', 'e1', [1, 4]],
      ['A', 'e2', [2]],
      ['B', 'e1', [3]],
    ]);
    await read(dbA, 'e1', 5);
    expect(sent.at(-1)!.asks).toEqual([5]);
  });

  it('splits past the maximum', async () => {
    const { sent, read } = recorder();
    const asks = Array.from({ length: COALESCE_MAX * 2 + 1 }, (_, i) => i);
    const answers = await Promise.all(asks.map((n) => read(dbA, 'e1', n)));
    expect(answers).toEqual(asks.map((n) => `e1:${n}`));
    expect(sent.map((s) => s.asks.length)).toEqual([COALESCE_MAX, COALESCE_MAX, 1]);
  });

  it('a failed statement fails every ask that shared it, and only those', async () => {
    let fail = true;
    const read = coalesced(async (_db: Db, _eid: string, asks: number[]) => {
      if (fail) throw new Error('connection lost');
      return asks;
    });
    const results = await Promise.allSettled([read(dbA, 'e1', 1), read(dbA, 'e1', 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(read(dbA, 'e1', 3)).resolves.toBe(3);
  });
});
