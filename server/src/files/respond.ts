/**
 * Answers a file with byte ranges, as a video element or pdf.js asks for it: `Accept-Ranges`,
 * one range of `Range: bytes=…` answered 206 with its `Content-Range`, a range past the end 416,
 * anything else (no range, several, malformed) the whole file.
 */
import type { ByteRange } from './store';

/**
 * The one range a `Range` header asks of a file of `size` bytes: undefined for none (or one this
 * answers with the whole file: several ranges, another unit, malformed), 'unsatisfiable' for a
 * range that starts past the end.
 *
 * @example parseRange('bytes=0-99', 1000) → { start: 0, end: 99 }
 * @example parseRange('bytes=-100', 1000) → { start: 900, end: 999 }
 * @example parseRange('bytes=2000-', 1000) → 'unsatisfiable'
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export interface RangedFile {
  /** Size of the whole file. */
  size: number;
  /** The bytes, or only those of `range` when the source can read just them (it says so). */
  open(range?: ByteRange): Promise<{ body: ReadableStream<Uint8Array>; range?: ByteRange }>;
}

/**
 * The answer to a GET or HEAD of a file, honouring one byte range: 200 with the whole file, 206
 * with the part, or 416. `headers` (type, caching, policy) go on every answer.
 */
export async function rangedResponse(
  method: string,
  rangeHeader: string | undefined,
  file: RangedFile,
  headers: Record<string, string>,
): Promise<Response> {
  const common = { ...headers, 'Accept-Ranges': 'bytes' };
  const asked = parseRange(rangeHeader, file.size);
  if (asked === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${file.size}` } });
  }
  if (method === 'HEAD') {
    return new Response(null, { status: 200, headers: { ...common, 'Content-Length': String(file.size) } });
  }
  const opened = await file.open(asked);
  const part = asked && opened.range && opened.range.start === asked.start && opened.range.end === asked.end ? asked : undefined;
  if (!part) {
    // The source read the whole file (or another part): answer the whole file.
    const body = opened.range ? (await file.open()).body : opened.body;
    if (opened.range) await opened.body.cancel();
    return new Response(body, { status: 200, headers: { ...common, 'Content-Length': String(file.size) } });
  }
  return new Response(opened.body, {
    status: 206,
    headers: {
      ...common,
      'Content-Length': String(part.end - part.start + 1),
      'Content-Range': `bytes ${part.start}-${part.end}/${file.size}`,
    },
  });
}
