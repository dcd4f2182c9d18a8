/**
 * The home carousel (`bannerList`): slides that move on by themselves every few seconds —
 * not while the pointer is over it or focus is in it, not when the visitor prefers reduced
 * motion (they can still press play), not in a hidden tab — with previous / next buttons,
 * a dot per slide and a pause button, all reachable by keyboard. A slide with a link opens it
 * (in a new tab when its target says so). Slides out of view are inert.
 */
import PauseIcon from 'lucide-react/icons/pause';
import PlayIcon from 'lucide-react/icons/play';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Banner } from '@/api/home-types';
import { getBanners } from '@/api/home';
import { siteLink, targetProps } from '@/components/home/links';
import type { HomeMessages } from '@/components/home/messages';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $site, brandTexts } from '@/stores/site';

/** How long a slide stays, in ms. */
export const SLIDE_INTERVAL = 5000;

interface BannerCarouselProps {
  locale: Locale;
  messages: HomeMessages;
}

const frame = 'relative aspect-[12/5] w-full overflow-hidden rounded-2xl';
const roundButton =
  'focus-visible:ring-ring/60 flex size-9 items-center justify-center rounded-full bg-white/85 text-slate-900 shadow-md outline-none backdrop-blur transition hover:bg-white focus-visible:ring-[3px]';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The brand's colours behind the tenant's name: no banners yet, or they failed. */
function BrandBand({ locale, children }: { locale: Locale; children: ReactNode }) {
  const site = useStore($site);
  const title = site ? brandTexts(site, locale === 'en' ? 'en' : 'zh-CN').title : '';
  return (
    <div
      className={`${frame} text-primary-foreground flex flex-col justify-center gap-3 px-8 sm:px-12`}
      style={{ background: 'linear-gradient(120deg, var(--primary), color-mix(in oklab, var(--primary) 55%, #0b1120))' }}
    >
      {title && <p className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</p>}
      {children}
    </div>
  );
}

function Slides({ banners, locale, messages: m }: { banners: Banner[]; locale: Locale; messages: HomeMessages }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  // The slides start moving once someone is at the page (a pointer, touch, scroll or key), so
  // a page loading unattended settles on its first slide.
  const [attended, setAttended] = useState(false);
  const count = banners.length;
  const playing = count > 1 && attended && !paused && !hovered && !focused && !hidden;

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (attended) return;
    const events = ['pointermove', 'pointerdown', 'touchstart', 'scroll', 'keydown', 'wheel'] as const;
    const onActivity = () => setAttended(true);
    for (const e of events) addEventListener(e, onActivity, { once: true, passive: true });
    return () => {
      for (const e of events) removeEventListener(e, onActivity);
    };
  }, [attended]);

  // Restarts with every slide change, so a slide chosen by hand gets its full time.
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL);
    return () => clearTimeout(timer);
  }, [playing, index, count]);

  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={m['home.banner.label']}
      className={`${frame} bg-muted group`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        aria-live={playing ? 'off' : 'polite'}
        className="flex h-full transition-transform duration-500 ease-out"
        style={{ transform: `translateX(${-index * 100}%)` }}
      >
        {banners.map((banner, i) => {
          const href = siteLink(banner.linkUrl, locale);
          const current = i === index;
          const picture = (
            <>
              <img
                src={banner.image}
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
                className="absolute inset-0 size-full object-cover"
              />
              {banner.title && (
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 via-black/30 to-transparent px-6 pt-16 pb-12 text-lg font-semibold text-white sm:px-8 sm:text-2xl">
                  {banner.title}
                  {banner.target === '_blank' && href && <span className="sr-only">{m['home.banner.newTab']}</span>}
                </span>
              )}
            </>
          );
          return (
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(m['home.banner.slide'], { index: i + 1, total: count })}
              aria-hidden={!current}
              inert={!current}
              className="relative h-full w-full shrink-0"
            >
              {href ? (
                <a
                  href={href}
                  {...targetProps(banner.target)}
                  aria-label={banner.title ? undefined : fill(m['home.banner.slide'], { index: i + 1, total: count })}
                  className="focus-visible:ring-ring absolute inset-0 outline-none focus-visible:ring-[4px] focus-visible:ring-inset"
                >
                  {picture}
                </a>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label={m['home.banner.prev']}
            onClick={() => go(index - 1)}
            className={`${roundButton} absolute start-3 top-1/2 -translate-y-1/2 opacity-80 group-hover:opacity-100`}
          >
            <ChevronLeftIcon aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label={m['home.banner.next']}
            onClick={() => go(index + 1)}
            className={`${roundButton} absolute end-3 top-1/2 -translate-y-1/2 opacity-80 group-hover:opacity-100`}
          >
            <ChevronRightIcon aria-hidden="true" className="size-5" />
          </button>
          <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 px-14">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-label={fill(m['home.banner.goTo'], { index: i + 1, title: banner.title })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                className="focus-visible:ring-ring/70 group/dot flex h-6 min-w-6 items-center justify-center rounded-full px-1 outline-none focus-visible:ring-[3px]"
              >
                <span
                  className={`block h-1.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-1.5 bg-white/55 group-hover/dot:bg-white/80'}`}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={paused ? m['home.banner.play'] : m['home.banner.pause']}
            onClick={() => setPaused((p) => !p)}
            className="focus-visible:ring-ring/70 absolute end-3 bottom-2.5 flex size-7 items-center justify-center rounded-full bg-black/35 text-white outline-none hover:bg-black/55 focus-visible:ring-[3px]"
          >
            {paused ? <PlayIcon aria-hidden="true" className="size-3.5" /> : <PauseIcon aria-hidden="true" className="size-3.5" />}
          </button>
        </>
      )}
    </section>
  );
}

export function BannerCarousel({ locale, messages: m }: BannerCarouselProps) {
  const [banners, setBanners] = useState<Banner[]>();
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getBanners({ isShowErrTip: false, signal: controller.signal }).then(
      (found) => {
        setBanners(found.filter((b) => b.image));
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [attempt]);

  if (status === 'loading') {
    return (
      <div role="status" aria-busy="true" className={`${frame} bg-muted animate-pulse`}>
        <span className="sr-only">{m['learning.loading']}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <BrandBand locale={locale}>
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{m['learning.loadFailed']}</span>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="rounded-md border border-white/60 px-3 py-1 font-medium outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-white/60"
          >
            {m['learning.retry']}
          </button>
        </div>
      </BrandBand>
    );
  }
  if (!banners?.length) {
    return (
      <BrandBand locale={locale}>
        <p className="max-w-xl text-base opacity-90 sm:text-lg">{m['home.banner.empty']}</p>
      </BrandBand>
    );
  }
  return <Slides banners={banners} locale={locale} messages={m} />;
}
