/**
 * A video with the platform's rules: sources from `playUrls` merged with the `videoConfig` JSON
 * string, HLS played natively where the browser can and through hls.js (loaded only then)
 * elsewhere, the MP4 source when HLS fails, resume, speeds, no seeking past the furthest point
 * when anti-skip is on, a moving watermark, and the spans actually played reported to the caller.
 * With `live` there is no seeking: a small bar of its own replaces the native controls.
 */
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { PlayUrl } from '@/api/learning-types';
import { DEFAULT_RATES, isPlayedStep, parseVideoConfig } from '@/components/player/video-config';
import type { VideoMessages } from '@/components/player/messages';
import type { Interval } from '@/lib/intervals';

/** How long the anti-skip notice stays. */
const NOTICE_MS = 2500;
/** The watermark moves this often. */
const WATERMARK_MOVE_MS = 4000;
/** Seeking this little past the furthest point is tolerated (key frames, rounding). */
const SKIP_TOLERANCE = 1;

export interface VideoPlayerProps {
  playUrls: readonly PlayUrl[];
  /** The playback response's JSON string (poster, autoplay, startTime, …). */
  videoConfig?: string;
  /** Resume position, seconds; wins over the config's startTime when above 0. */
  startAt?: number;
  playbackRates?: readonly number[];
  /** No seeking beyond {@link furthest} (and what is played now). */
  antiSkip?: boolean;
  /** Furthest point played before, seconds. */
  furthest?: number;
  /** Text of the moving watermark (viewer's name and employee number); none when empty. */
  watermarkText?: string;
  /** A live stream: no seeking, no speeds. */
  live?: boolean;
  /** Start playing at once (muted when the browser requires it). */
  autoPlay?: boolean;
  muted?: boolean;
  /** Accessible name of the player. */
  label: string;
  messages: VideoMessages;
  className?: string;
  ref?: Ref<HTMLVideoElement>;
  /** A span of media just played in order (not a seek), seconds. */
  onPlayed?: (span: Interval) => void;
  onTimeUpdate?: (position: number, duration: number) => void;
  onPlay?: () => void;
  onPause?: (position: number) => void;
  onEnded?: (position: number) => void;
  /** The media could not be played from any source. */
  onError?: () => void;
}

type HlsInstance = { destroy(): void };

/** Attaches the sources to the element; returns what detaches them. */
async function attachSources(
  video: HTMLVideoElement,
  sources: readonly PlayUrl[],
  live: boolean,
  isCurrent: () => boolean,
  onFail: () => void,
): Promise<() => void> {
  const hls = sources.find((s) => s.type === 'hls');
  const files = sources.filter((s) => s.type !== 'hls');
  let next = 0;
  const fallback = () => {
    const file = files[next++];
    if (!file || !isCurrent()) return onFail();
    video.src = file.url;
    video.load();
  };
  const onElementError = () => {
    if (video.error) fallback();
  };
  video.addEventListener('error', onElementError);
  let player: HlsInstance | undefined;
  const stop = () => {
    video.removeEventListener('error', onElementError);
    player?.destroy();
  };

  if (hls && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = hls.url;
  } else if (hls) {
    try {
      const { default: Hls } = await import('hls.js/light');
      if (!isCurrent()) return stop;
      if (Hls.isSupported()) {
        const instance = new Hls({ liveDurationInfinity: live, enableWorker: false });
        player = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          instance.destroy();
          player = undefined;
          fallback();
        });
        instance.loadSource(hls.url);
        instance.attachMedia(video);
      } else {
        fallback();
      }
    } catch {
      fallback();
    }
  } else {
    fallback();
  }
  return stop;
}

function Watermark({ text }: { text: string }) {
  const [spot, setSpot] = useState({ top: 10, left: 8 });
  useEffect(() => {
    const id = window.setInterval(() => {
      setSpot({ top: 5 + Math.random() * 75, left: 3 + Math.random() * 60 });
    }, WATERMARK_MOVE_MS);
    return () => window.clearInterval(id);
  }, []);
  return (
    <div
      aria-hidden="true"
      data-watermark=""
      className="pointer-events-none absolute z-10 select-none whitespace-nowrap text-sm font-medium text-white/60 transition-[top,left] duration-1000 [text-shadow:0_0_2px_rgb(0_0_0/0.5)]"
      style={{ top: `${spot.top}%`, left: `${spot.left}%` }}
    >
      {text}
    </div>
  );
}

/** The video player of courses, live rooms and playbacks. */
export function VideoPlayer({
  playUrls,
  videoConfig,
  startAt = 0,
  playbackRates,
  antiSkip = false,
  furthest = 0,
  watermarkText,
  live = false,
  autoPlay,
  muted,
  label,
  messages,
  className,
  ref,
  onPlayed,
  onTimeUpdate,
  onPlay,
  onPause,
  onEnded,
  onError,
}: VideoPlayerProps) {
  const settings = useMemo(() => parseVideoConfig(playUrls, videoConfig), [playUrls, videoConfig]);
  const rates = useMemo(() => {
    const list = [...(playbackRates?.length ? playbackRates : (settings.playbackRates ?? DEFAULT_RATES))];
    if (!list.includes(1)) list.push(1);
    return list.sort((a, b) => a - b);
  }, [playbackRates, settings.playbackRates]);

  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const lastTime = useRef(0);
  const furthestRef = useRef(furthest);
  const [rate, setRate] = useState(1);
  const rateRef = useRef(1);
  rateRef.current = rate;
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState(false);
  const [paused, setPaused] = useState(true);
  const [isMuted, setIsMuted] = useState(Boolean(muted ?? settings.muted));
  const [fullscreen, setFullscreen] = useState(false);

  // Latest callbacks without re-attaching the media when a parent re-renders.
  const handlers = useRef({ onPlayed, onTimeUpdate, onPlay, onPause, onEnded, onError });
  handlers.current = { onPlayed, onTimeUpdate, onPlay, onPause, onEnded, onError };

  useEffect(() => {
    furthestRef.current = Math.max(furthestRef.current, furthest);
  }, [furthest]);

  const setVideo = (node: HTMLVideoElement | null) => {
    videoRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const sourceKey = settings.sources.map((s) => s.url).join('\n');
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !settings.sources.length) return;
    let current = true;
    let detach: (() => void) | undefined;
    setFailed(false);
    const start = startAt > 0 ? startAt : settings.startTime;
    furthestRef.current = Math.max(furthest, start);
    lastTime.current = live ? 0 : start;
    const onMeta = () => {
      if (!live && start > 0 && start < (video.duration || Infinity) - 0.5) video.currentTime = start;
      lastTime.current = video.currentTime;
      video.playbackRate = rateRef.current;
      if (autoPlay ?? settings.autoplay) {
        video.play().catch(() => {
          // Browsers refuse sound without a gesture: try once more muted.
          video.muted = true;
          setIsMuted(true);
          video.play().catch(() => undefined);
        });
      }
    };
    video.addEventListener('loadedmetadata', onMeta, { once: true });
    void attachSources(video, settings.sources, live, () => current, () => {
      if (!current) return;
      setFailed(true);
      handlers.current.onError?.();
    }).then((stop) => {
      if (current) detach = stop;
      else stop();
    });
    return () => {
      current = false;
      video.removeEventListener('loadedmetadata', onMeta);
      detach?.();
      video.removeAttribute('src');
      video.load();
    };
    // The media restarts only when its sources change; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourceKey, live]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (!notice) return;
    const id = window.setTimeout(() => setNotice(false), NOTICE_MS);
    return () => window.clearTimeout(id);
  }, [notice]);

  const changeRate = (value: number) => {
    setRate(value);
    const video = videoRef.current;
    if (!video) return;
    // Loading a source resets the rate to the default one: keep both.
    video.defaultPlaybackRate = value;
    video.playbackRate = value;
  };

  const report = (video: HTMLVideoElement, to: number) => {
    const from = lastTime.current;
    if (!live && isPlayedStep(from, to, video.playbackRate)) {
      handlers.current.onPlayed?.([from, to]);
      furthestRef.current = Math.max(furthestRef.current, to);
    }
    lastTime.current = to;
  };

  const onSeeking = () => {
    const video = videoRef.current;
    if (!video) return;
    const limit = furthestRef.current;
    if (live || (antiSkip && video.currentTime > limit + SKIP_TOLERANCE)) {
      if (!live) {
        video.currentTime = limit;
        setNotice(true);
      }
    }
    lastTime.current = video.currentTime;
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void boxRef.current?.requestFullscreen?.();
  };

  if (!settings.sources.length || failed) {
    return (
      <div
        role="status"
        className={`bg-muted text-muted-foreground flex aspect-video w-full items-center justify-center rounded-md ${className ?? ''}`}
      >
        {settings.sources.length ? messages['player.loadError'] : messages['learning.videoNotUpdated']}
      </div>
    );
  }

  // The watermark must cover full screen too: the box goes full screen, not the video element.
  const ownFullscreen = live || Boolean(watermarkText);

  return (
    <div ref={boxRef} className={`relative w-full overflow-hidden rounded-md bg-black ${className ?? ''}`}>
      <video
        ref={setVideo}
        aria-label={label}
        className="aspect-video w-full bg-black"
        controls={!live}
        controlsList={ownFullscreen ? 'nofullscreen nodownload' : 'nodownload'}
        disablePictureInPicture={Boolean(watermarkText)}
        playsInline
        preload="metadata"
        poster={settings.poster}
        muted={isMuted}
        loop={settings.loop && !live}
        onPlay={() => {
          setPaused(false);
          handlers.current.onPlay?.();
        }}
        onPause={(e) => {
          setPaused(true);
          if (!e.currentTarget.ended) handlers.current.onPause?.(e.currentTarget.currentTime);
        }}
        onEnded={(e) => {
          const video = e.currentTarget;
          report(video, video.duration || video.currentTime);
          setPaused(true);
          handlers.current.onEnded?.(video.currentTime);
        }}
        onTimeUpdate={(e) => {
          const video = e.currentTarget;
          if (!video.seeking) report(video, video.currentTime);
          handlers.current.onTimeUpdate?.(video.currentTime, video.duration);
        }}
        onSeeking={onSeeking}
        onSeeked={(e) => {
          lastTime.current = e.currentTarget.currentTime;
        }}
        onVolumeChange={(e) => setIsMuted(e.currentTarget.muted)}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      />
      {watermarkText ? <Watermark text={watermarkText} /> : null}
      {notice ? (
        <p role="status" className="absolute inset-x-0 top-3 z-20 mx-auto w-fit rounded bg-black/75 px-3 py-1.5 text-sm text-white">
          {messages['player.antiSkip']}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2 bg-neutral-900 px-3 py-1.5 text-sm text-white">
        {live ? (
          <>
            <span className="me-auto inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2 rounded-full bg-red-500" />
              {messages['player.live']}
            </span>
            <button
              type="button"
              className="rounded px-2 py-1 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
              onClick={() => {
                const video = videoRef.current;
                if (!video) return;
                if (video.paused) void video.play().catch(() => undefined);
                else video.pause();
              }}
            >
              {paused ? messages['player.play'] : messages['player.pause']}
            </button>
            <button
              type="button"
              aria-pressed={isMuted}
              className="rounded px-2 py-1 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
              onClick={() => {
                if (videoRef.current) videoRef.current.muted = !videoRef.current.muted;
              }}
            >
              {isMuted ? messages['player.unmute'] : messages['player.mute']}
            </button>
          </>
        ) : (
          <label className="inline-flex items-center gap-1.5">
            <span>{messages['player.speed']}</span>
            <select
              value={String(rate)}
              onChange={(e) => changeRate(Number(e.target.value))}
              className="rounded border border-white/30 bg-neutral-800 px-1.5 py-0.5 outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {rates.map((r) => (
                <option key={r} value={String(r)}>
                  {`${r}x`}
                </option>
              ))}
            </select>
          </label>
        )}
        {ownFullscreen ? (
          <button
            type="button"
            className="rounded px-2 py-1 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
            onClick={toggleFullscreen}
          >
            {fullscreen ? messages['player.exitFullscreen'] : messages['player.fullscreen']}
          </button>
        ) : null}
      </div>
    </div>
  );
}
