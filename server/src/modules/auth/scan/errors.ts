/** How talking to a chat tool's API can fail. */

/** The service refused (bad or used code, wrong secret): the user has to scan again. */
export class ScanRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanRefused';
  }
}

/** The service could not be reached or answered something unexpected. */
export class ScanUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScanUnavailable';
  }
}

export const API_TIMEOUT_MS = 10_000;

/** Fetches JSON from a chat tool's API; network failures and non-JSON answers are `ScanUnavailable`. */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (cause) {
    throw new ScanUnavailable(`${new URL(url).host} could not be reached`, { cause });
  }
  try {
    const body = (await res.json()) as unknown;
    if (body === null || typeof body !== 'object') throw new TypeError('not an object');
    return { status: res.status, body: body as Record<string, unknown> };
  } catch (cause) {
    throw new ScanUnavailable(`${new URL(url).host} answered ${res.status} without JSON`, { cause });
  }
}
