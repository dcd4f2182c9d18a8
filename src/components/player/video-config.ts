/**
 * The playback response's `videoConfig` (spec section 3) is a JSON string; the player parses it
 * without trusting it and merges it with `playUrls`. Unknown or malformed parts are dropped.
 */
import type { PlayUrl } from '@/api/learning-types';

/** Speeds offered when neither the course nor the video names any. */
export const DEFAULT_RATES = [0.75, 1, 1.25, 1.5, 2];

/** What the player takes from `videoConfig`. */
export interface VideoSettings {
  poster?: string;
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  /** Where to start when there is no resume position, seconds. */
  startTime: number;
  /** Offered speeds, when the config names them. */
  playbackRates?: number[];
  /** Sources, HLS first: `playUrls` followed by the config's own sources not already listed. */
  sources: PlayUrl[];
}

function record(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function sourceOf(value: unknown): PlayUrl | undefined {
  const url = typeof value === 'string' ? value : (value as { url?: unknown; src?: unknown } | null)?.url ?? (value as { src?: unknown } | null)?.src;
  if (typeof url !== 'string' || !url.trim()) return undefined;
  const declared = (value as { type?: unknown } | null)?.type;
  const hls = declared === 'hls' || (typeof declared === 'string' && declared.includes('mpegurl')) || /\.m3u8(?:$|[?#])/i.test(url);
  const definition = (value as { definition?: unknown } | null)?.definition;
  return { url: url.trim(), type: hls ? 'hls' : 'mp4', ...(typeof definition === 'string' ? { definition } : {}) };
}

/**
 * The playback settings from `playUrls` and the `videoConfig` JSON string.
 *
 * @example parseVideoConfig([{ url: '/v.mp4', type: 'mp4' }], '{"poster":"/p.jpg","startTime":5}')
 *   → { poster: '/p.jpg', startTime: 5, autoplay: false, muted: false, loop: false, sources: [{ url: '/v.mp4', type: 'mp4' }] }
 */
export function parseVideoConfig(playUrls: readonly PlayUrl[] | null | undefined, videoConfig?: string | null): VideoSettings {
  const raw = record(videoConfig);
  const extra = [raw.playUrls, raw.sources, raw.src, raw.url].flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []));
  const seen = new Set<string>();
  const sources: PlayUrl[] = [];
  for (const candidate of [...(playUrls ?? []), ...extra]) {
    const source = sourceOf(candidate);
    if (!source || seen.has(source.url)) continue;
    seen.add(source.url);
    sources.push(source);
  }
  sources.sort((a, b) => Number(b.type === 'hls') - Number(a.type === 'hls'));
  const rates = Array.isArray(raw.playbackRates)
    ? raw.playbackRates.filter((r): r is number => typeof r === 'number' && r > 0 && r <= 16)
    : [];
  const start = Number(raw.startTime);
  return {
    poster: typeof raw.poster === 'string' && raw.poster ? raw.poster : undefined,
    autoplay: raw.autoplay === true,
    muted: raw.muted === true,
    loop: raw.loop === true,
    startTime: Number.isFinite(start) && start > 0 ? start : 0,
    playbackRates: rates.length ? rates : undefined,
    sources,
  };
}

/**
 * Whether a step of the play head from `previous` to `current` is ordinary playback rather
 * than a seek: forward and no more than 1.5 s of media per second of the current rate.
 *
 * @example isPlayedStep(10, 10.4, 1) → true; isPlayedStep(10, 30, 2) → false
 */
export function isPlayedStep(previous: number, current: number, rate: number): boolean {
  return current > previous && current - previous <= 1.5 * Math.max(1, rate);
}
