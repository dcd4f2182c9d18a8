/**
 * A live room (`/live/watch/{watch}`). Upcoming: a countdown to the start. Live: the stream in
 * the player, a sign-in-attendance button, a presence beat every `heartbeatSeconds`, and
 * leaving when the page goes away. Ended: the recording, or 'No playback'.
 */
import { useStore } from '@nanostores/react';
import RadioIcon from 'lucide-react/icons/radio';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LiveRoom, LiveWatchResult, PlaybackResult } from '@/api/learning-types';
import {
  beatAttendance,
  getLiveWatchUrl,
  leaveLive,
  leaveLiveOnExit,
  signAttendance,
  watchLive,
  watchPlayback,
} from '@/api/live';
import { isNotFound } from '@/api/study';
import { countdown } from '@/components/live/countdown';
import type { LiveMessages } from '@/components/live/messages';
import { formatMoment } from '@/components/study/format';
import { primaryButton } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { routeParam } from '@/i18n/locale-path';
import { $token } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

interface LiveWatchProps {
  messages: LiveMessages;
}

type State = LoadStatus | 'notFound';

/** The player (with its styling helpers) loads on its own, while the room is being read. */
const loadPlayer = () => import('@/components/player/VideoPlayer');
const VideoPlayer = lazy(() => loadPlayer().then((module) => ({ default: module.VideoPlayer })));

const STATUS_TONE = { 1: 'bg-sky-100 text-sky-800', 2: 'bg-red-600 text-white', 3: 'bg-muted text-muted-foreground' };

function readId(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  return routeParam(location.pathname, '/live/watch') ?? (new URLSearchParams(location.search).get('id') || undefined);
}

function PlayerPlaceholder() {
  return <div aria-hidden="true" className="aspect-video w-full animate-pulse rounded-md bg-neutral-900" />;
}

function Countdown({
  startAt,
  messages: m,
  onStart,
}: {
  startAt: string;
  messages: LiveMessages;
  onStart: () => void;
}) {
  const start = Date.parse(startAt);
  const [now, setNow] = useState(() => Date.now());
  const left = countdown(start, now);
  const started = left.total === 0;
  const onStartRef = useRef(onStart);
  onStartRef.current = onStart;
  useEffect(() => {
    if (started) {
      onStartRef.current();
      return;
    }
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [started]);
  return (
    <div className="bg-muted flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-md text-center">
      {started ? (
        <p className="text-lg font-medium">{m['live.startingSoon']}</p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{m['live.countdown']}</p>
          <p className="text-3xl font-semibold tabular-nums" role="timer" aria-live="off">
            {fill(m['live.countdownParts'], { ...left })}
          </p>
        </>
      )}
    </div>
  );
}

function LiveStream({ room, messages: m }: { room: LiveRoom; messages: LiveMessages }) {
  const [watch, setWatch] = useState<LiveWatchResult>();
  const [state, setState] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [signedAt, setSignedAt] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    watchLive(room.id, { isShowErrTip: false, signal: controller.signal })
      .then((result) => {
        setWatch(result);
        setSignedAt(result.signedAt);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [room.id, reload]);

  const joined = state === 'ready';
  const heartbeat = watch?.heartbeatSeconds ?? 0;
  useEffect(() => {
    if (!joined) return;
    const onHide = () => leaveLiveOnExit(room.id);
    window.addEventListener('pagehide', onHide);
    const beat =
      heartbeat > 0
        ? window.setInterval(
            () => void beatAttendance(room.id, { isShowErrTip: false }).catch(() => undefined),
            heartbeat * 1000,
          )
        : undefined;
    return () => {
      window.removeEventListener('pagehide', onHide);
      if (beat) window.clearInterval(beat);
      void leaveLive(room.id, { isShowErrTip: false }).catch(() => undefined);
    };
  }, [joined, heartbeat, room.id]);

  const sign = async () => {
    setSigning(true);
    try {
      const result = await signAttendance(room.id);
      setSignedAt(result.signedAt ?? new Date().toISOString());
      notifySuccess(m['live.signSuccess']);
    } catch {
      // The client showed the gateway's message.
    }
    setSigning(false);
  };

  if (state !== 'ready' || !watch) {
    return <LoadState status={state} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)} />;
  }
  return (
    <div className="grid gap-3">
      <Suspense fallback={<PlayerPlaceholder />}>
        <VideoPlayer
          playUrls={watch.playUrls}
          videoConfig={watch.videoConfig}
          live
          autoPlay
          muted
          label={m['live.player']}
          messages={m}
        />
      </Suspense>
      <div className="flex flex-wrap items-center gap-3">
        {signedAt ? (
          <p role="status" className="text-sm font-medium text-emerald-700">
            {fill(m['live.signed'], { time: formatMoment(signedAt) })}
          </p>
        ) : (
          <button className={primaryButton} type="button" disabled={signing} onClick={() => void sign()}>
            {signing ? m['live.signing'] : m['live.sign']}
          </button>
        )}
      </div>
    </div>
  );
}

function Playback({ room, messages: m }: { room: LiveRoom; messages: LiveMessages }) {
  const [playback, setPlayback] = useState<PlaybackResult>();
  const [state, setState] = useState<LoadStatus>(room.hasPlayback ? 'loading' : 'empty');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!room.hasPlayback) return;
    const controller = new AbortController();
    setState('loading');
    watchPlayback(room.id, { isShowErrTip: false, signal: controller.signal })
      .then((result) => {
        setPlayback(result);
        setState(result.playUrls.length || result.videoConfig ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [room.id, room.hasPlayback, reload]);
  return (
    <section aria-labelledby="live-playback" className="grid gap-3">
      <h2 id="live-playback" className="text-lg font-semibold">
        {m['live.playback']}
      </h2>
      <LoadState
        status={state}
        texts={loadTexts(m, m['live.noPlayback'])}
        onRetry={() => setReload((n) => n + 1)}
        emptyContent={
          <p className="bg-muted text-muted-foreground flex aspect-video w-full items-center justify-center rounded-md">
            {m['live.noPlayback']}
          </p>
        }
      >
        {playback && (
          <Suspense fallback={<PlayerPlaceholder />}>
            <VideoPlayer
              playUrls={playback.playUrls}
              videoConfig={playback.videoConfig}
              label={m['live.playbackPlayer']}
              messages={m}
            />
          </Suspense>
        )}
      </LoadState>
    </section>
  );
}

export function LiveWatch({ messages: m }: LiveWatchProps) {
  const token = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [id] = useState(readId);
  const [room, setRoom] = useState<LiveRoom>();
  const [state, setState] = useState<State>('loading');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!id) {
      setState('notFound');
      return;
    }
    const controller = new AbortController();
    getLiveWatchUrl(id, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        // Start fetching the player while the stream or recording is asked for.
        if (found.room.liveStatus !== 1) void loadPlayer().catch(() => undefined);
        setRoom(found.room);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((s) => (isNotFound(error) ? 'notFound' : s === 'ready' ? s : 'error'));
      });
    return () => controller.abort();
  }, [id, reload]);

  if (!mounted) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;
  if (state === 'notFound') {
    return (
      <div role="alert" className="bg-card mx-auto max-w-md rounded-xl border p-8 text-center">
        <p className="text-lg font-medium">{m['live.notFound']}</p>
      </div>
    );
  }
  if (state !== 'ready' || !room) {
    return <LoadState status={state} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)} />;
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-4">
        {room.liveStatus === 1 && (
          <Countdown startAt={room.startAt} messages={m} onStart={() => setReload((n) => n + 1)} />
        )}
        {room.liveStatus === 2 && <LiveStream room={room} messages={m} />}
        {room.liveStatus === 3 && <Playback room={room} messages={m} />}
      </div>
      <aside className="grid content-start gap-3">
        <p>
          <span
            className={`inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONE[room.liveStatus]}`}
          >
            {room.liveStatus === 2 && <RadioIcon aria-hidden="true" className="size-3.5" />}
            {m[`live.status.${room.liveStatus}`]}
          </span>
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{room.name}</h1>
        {room.lecturer && <p className="text-sm">{fill(m['live.lecturer'], { name: room.lecturer.name })}</p>}
        <p className="text-muted-foreground text-sm tabular-nums">
          {fill(m['live.time'], { start: formatMoment(room.startAt), end: formatMoment(room.endAt) })}
        </p>
        {room.intro && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{room.intro}</p>}
      </aside>
    </div>
  );
}
