/**
 * Played spans of a medium, in seconds, as sorted, non-overlapping `[start, end]` pairs. The
 * player collects what it actually played with them; the gateway merges reports with the same
 * functions and computes progress from the covered length, never from a client's figure.
 */
export type Interval = [number, number];

/**
 * Sorted, merged spans; empty, reversed and non-finite spans are dropped. Spans closer than
 * `gap` seconds join.
 *
 * @example mergeIntervals([[5, 8], [0, 3], [2, 6]]) → [[0, 8]]
 */
export function mergeIntervals(spans: readonly Interval[], gap = 0): Interval[] {
  const clean = spans
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .map(([s, e]): Interval => [Math.max(0, s), e])
    .sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of clean) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + gap) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * Total length covered by the spans (merged first).
 *
 * @example coveredSeconds([[0, 10], [5, 15], [20, 25]]) → 20
 */
export function coveredSeconds(spans: readonly Interval[]): number {
  return mergeIntervals(spans).reduce((sum, [s, e]) => sum + (e - s), 0);
}

/**
 * The parts of `spans` not already in `covered`.
 *
 * @example subtractIntervals([[0, 10]], [[2, 4], [6, 8]]) → [[0, 2], [4, 6], [8, 10]]
 */
export function subtractIntervals(spans: readonly Interval[], covered: readonly Interval[]): Interval[] {
  const base = mergeIntervals(covered);
  const out: Interval[] = [];
  for (let [s, e] of mergeIntervals(spans)) {
    for (const [cs, ce] of base) {
      if (ce <= s || cs >= e) continue;
      if (cs > s) out.push([s, cs]);
      s = Math.max(s, ce);
      if (s >= e) break;
    }
    if (e > s) out.push([s, e]);
  }
  return out;
}

/**
 * Spans cut to `[0, length]`.
 *
 * @example clipIntervals([[-2, 3], [8, 14]], 10) → [[0, 3], [8, 10]]
 */
export function clipIntervals(spans: readonly Interval[], length: number): Interval[] {
  return mergeIntervals(spans.map(([s, e]): Interval => [Math.max(0, s), Math.min(length, e)]));
}

/**
 * The first `seconds` of the spans' length, in order; what is beyond is dropped.
 *
 * @example limitIntervals([[0, 4], [10, 20]], 7) → [[0, 4], [10, 13]]
 */
export function limitIntervals(spans: readonly Interval[], seconds: number): Interval[] {
  const out: Interval[] = [];
  let left = Math.max(0, seconds);
  for (const [s, e] of mergeIntervals(spans)) {
    if (left <= 0) break;
    const take = Math.min(e - s, left);
    out.push([s, s + take]);
    left -= take;
  }
  return out;
}
