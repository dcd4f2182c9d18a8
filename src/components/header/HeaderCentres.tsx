/**
 * The signed-in user's centres in the header: the download centre and the message badge.
 * Loaded when the browser is idle after sign-in (see Header.tsx), so none of it weighs on
 * first paint; the download centre's popover loads later still, on first intent.
 *
 * While mounted it keeps the unread count current (the gateway's stream, else polling; see
 * `followUnread`) and hears the other tabs; unmounting (sign-out) stops all of it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { followUnread } from '@/api/unread-stream';
import { badgeText } from '@/components/header/centres';
import type { CentreMessages } from '@/components/header/messages';
import { buttonVariants } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $unread, applyUnread } from '@/stores/unread';

type CentreModule = typeof import('@/components/header/DownloadCentre');

/**
 * The header's icon buttons (`styles.ts` mirrors the same classes for the always-loaded part;
 * this lazily loaded one imports nothing of it, so the header keeps its single chunk).
 */
const iconButton = buttonVariants({ variant: 'ghost', size: 'icon' });

/**
 * lucide's bell and download icons as plain SVG: the header's lazy part then shares no icon
 * module with the popover, which keeps the list of files the header preloads with it short.
 */
function Icon({ paths }: { paths: string[] }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-4"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const downloadIcon = <Icon paths={['M12 15V3', 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5']} />;
const bellIcon = (
  <Icon
    paths={[
      'M10.268 21a2 2 0 0 0 3.464 0',
      'M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326',
    ]}
  />
);

let loaded: CentreModule | undefined;
let loading: Promise<CentreModule> | undefined;

function loadCentre(): Promise<CentreModule> {
  loading ??= import('@/components/header/DownloadCentre').then(
    (mod) => (loaded = mod),
    (error: unknown) => {
      loading = undefined;
      // Left unhandled on purpose: the chunk-reload guard reloads the page once.
      throw error;
    },
  );
  return loading;
}

interface HeaderCentresProps {
  locale: Locale;
  messages: CentreMessages;
}

export function HeaderCentres({ locale, messages }: HeaderCentresProps) {
  const [centre, setCentre] = useState<CentreModule | undefined>(loaded);
  const [openRequest, setOpenRequest] = useState(false);
  const focused = useRef(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    const start = () => {
      stop ??= followUnread({ onCount: applyUnread });
    };
    const halt = () => {
      stop?.();
      stop = undefined;
    };
    // A page left for the back/forward cache must not keep its stream's connection open: a
    // browser allows only a few per host, and the next pages' requests would wait for them.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) start();
    };
    start();
    addEventListener('pagehide', halt);
    addEventListener('pageshow', onShow);
    return () => {
      removeEventListener('pagehide', halt);
      removeEventListener('pageshow', onShow);
      halt();
      applyUnread(null);
    };
  }, []);

  const want = () => {
    if (loaded) setCentre(loaded);
    else void loadCentre().then(setCentre);
  };
  const title = messages['downloads.title'];

  return (
    <>
      {centre ? (
        <centre.DownloadCentre
          locale={locale}
          messages={messages}
          defaultOpen={openRequest}
          focusTrigger={focused.current}
          triggerClassName={iconButton}
          triggerIcon={downloadIcon}
        />
      ) : (
        // Stands in for the popover's trigger until its code has loaded: the same look; pointer
        // over or focus starts loading, activation opens the popover as soon as it is there.
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={false}
          aria-label={title}
          title={title}
          className={iconButton}
          onPointerEnter={want}
          onFocus={() => {
            focused.current = true;
            want();
          }}
          onBlur={() => (focused.current = false)}
          onClick={() => {
            want();
            setOpenRequest(true);
          }}
        >
          {downloadIcon}
        </button>
      )}
      <MessageBadge locale={locale} messages={messages} />
    </>
  );
}

/** A bell link to the message centre with the unread count; changes are announced politely. */
function MessageBadge({ locale, messages }: HeaderCentresProps) {
  const unread = useStore($unread);
  const shown = badgeText(unread?.total ?? 0);
  const label = shown ? fill(messages['header.messagesUnread'], { count: shown }) : messages['header.messages'];
  const previous = useRef<string | undefined>(undefined);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    // The first known count is not news; later changes are.
    if (unread === null) return;
    if (previous.current !== undefined && previous.current !== shown) setAnnounce(label);
    previous.current = shown;
  }, [unread === null, shown]);

  return (
    <>
      <a
        href={localizePath('/account/message', locale)}
        aria-label={label}
        title={label}
        className={`${iconButton} relative`}
      >
        {bellIcon}
        {shown && (
          <span
            aria-hidden="true"
            className="bg-destructive ring-background absolute start-1/2 top-0.5 ms-0.5 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2"
          >
            {shown}
          </span>
        )}
      </a>
      <span role="status" aria-live="polite" className="sr-only">
        {announce}
      </span>
    </>
  );
}
