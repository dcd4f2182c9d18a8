/**
 * An audio period: the native audio controls with resume, speeds, no seeking past the furthest
 * point under anti-skip, and the spans actually played reported to the caller.
 */
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_RATES, isPlayedStep } from '@/components/player/video-config';
import type { Interval } from '@/lib/intervals';

interface AudioPlayerProps {
  url: string;
  label: string;
  startAt?: number;
  playbackRates?: readonly number[];
  antiSkip?: boolean;
  furthest?: number;
  autoPlay?: boolean;
  texts: { speed: string; antiSkip: string };
  onPlayed?: (span: Interval) => void;
  onTimeUpdate?: (position: number) => void;
  onPause?: (position: number) => void;
  onEnded?: (position: number) => void;
}

export function AudioPlayer({
  url,
  label,
  startAt = 0,
  playbackRates,
  antiSkip,
  furthest = 0,
  autoPlay,
  texts,
  onPlayed,
  onTimeUpdate,
  onPause,
  onEnded,
}: AudioPlayerProps) {
  const ref = useRef<HTMLAudioElement>(null);
  const last = useRef(startAt);
  const furthestRef = useRef(Math.max(furthest, startAt));
  const [rate, setRate] = useState(1);
  const [notice, setNotice] = useState(false);
  const rates = playbackRates?.length ? [...playbackRates].sort((a, b) => a - b) : DEFAULT_RATES;

  useEffect(() => {
    if (!notice) return;
    const id = window.setTimeout(() => setNotice(false), 2500);
    return () => window.clearTimeout(id);
  }, [notice]);

  const report = (audio: HTMLAudioElement, to: number) => {
    if (isPlayedStep(last.current, to, audio.playbackRate)) {
      onPlayed?.([last.current, to]);
      furthestRef.current = Math.max(furthestRef.current, to);
    }
    last.current = to;
  };

  return (
    <div className="bg-muted grid gap-3 rounded-md p-6">
      <audio
        ref={ref}
        src={url}
        aria-label={label}
        controls
        controlsList="nodownload"
        preload="metadata"
        className="w-full"
        onLoadedMetadata={(e) => {
          const audio = e.currentTarget;
          if (startAt > 0 && startAt < audio.duration - 0.5) audio.currentTime = startAt;
          last.current = audio.currentTime;
          audio.playbackRate = audio.defaultPlaybackRate;
          if (autoPlay) void audio.play().catch(() => undefined);
        }}
        onTimeUpdate={(e) => {
          const audio = e.currentTarget;
          if (!audio.seeking) report(audio, audio.currentTime);
          onTimeUpdate?.(audio.currentTime);
        }}
        onSeeking={(e) => {
          const audio = e.currentTarget;
          if (antiSkip && audio.currentTime > furthestRef.current + 1) {
            audio.currentTime = furthestRef.current;
            setNotice(true);
          }
          last.current = audio.currentTime;
        }}
        onPause={(e) => {
          if (!e.currentTarget.ended) onPause?.(e.currentTarget.currentTime);
        }}
        onEnded={(e) => {
          const audio = e.currentTarget;
          report(audio, audio.duration || audio.currentTime);
          onEnded?.(audio.currentTime);
        }}
        onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
      />
      <div className="flex items-center justify-between gap-3 text-sm">
        <p role="status" className="text-muted-foreground">
          {notice ? texts.antiSkip : ''}
        </p>
        <label className="inline-flex items-center gap-1.5">
          <span>{texts.speed}</span>
          <select
            value={String(rate)}
            onChange={(e) => {
              const value = Number(e.target.value);
              setRate(value);
              if (!ref.current) return;
              ref.current.defaultPlaybackRate = value;
              ref.current.playbackRate = value;
            }}
            className="bg-background focus-visible:ring-ring/50 rounded border px-1.5 py-0.5 outline-none focus-visible:ring-[3px]"
          >
            {rates.map((r) => (
              <option key={r} value={String(r)}>{`${r}x`}</option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
