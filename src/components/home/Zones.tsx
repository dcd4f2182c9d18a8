/**
 * The home zones (`zoneList`, in order) under the zone picture and slogan (`zoneLogo`): a
 * course zone lists its courses (`zoneCourseList?relationType`) as course cards; the lecturer
 * zone its featured lecturers (`zoneLecturerList`), each leading to the lecturer's page. Each
 * zone loads when it scrolls near. Loaded lazily by the home page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { RelationType, ZoneKind, type Zone, type ZoneCourse, type ZoneLecturer, type ZoneLogo } from '@/api/home-types';
import { getZoneCourses, getZoneLecturers, getZoneLogo, getZones } from '@/api/home';
import { siteLink } from '@/components/home/links';
import type { HomeMessages } from '@/components/home/messages';
import { Bar, cardClass, MoreLink, SectionHeading, WhenVisible } from '@/components/home/parts';
import { CourseCard } from '@/components/learning/CourseCard';
import { PersonAvatar } from '@/components/rank/PersonAvatar';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface ZonesProps {
  locale: Locale;
  messages: HomeMessages;
}

/** Loads once per `attempt`; the state of one block. */
function useBlock<T>(load: (signal: AbortSignal) => Promise<T>, isEmpty: (data: T) => boolean) {
  const [data, setData] = useState<T>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    load(controller.signal).then(
      (found) => {
        setData(found);
        setStatus(isEmpty(found) ? 'empty' : 'ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
    // The loader is fixed per block: it reloads only on retry.
  }, [attempt]);
  return { data, status, retry: () => setAttempt((n) => n + 1) };
}

/** Card-shaped placeholders in the zones' grid. */
export function CardsSkeleton({ count = 4, tall = true }: { count?: number; tall?: boolean }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`${cardClass} overflow-hidden`}>
          {tall && <span className="bg-muted block aspect-video animate-pulse" />}
          <span className="grid gap-2 p-4">
            <Bar className="h-4 w-4/5" />
            <Bar className="h-3 w-1/2" />
            <Bar className="h-3 w-2/3" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A zone's placeholder before it loads: its heading and a row of cards. */
export function ZoneSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Bar className="h-6 w-40" />
      <CardsSkeleton />
    </div>
  );
}

function ZoneLogoBand({ locale, messages: m }: ZonesProps) {
  const { data, status, retry } = useBlock<ZoneLogo>(
    (signal) => getZoneLogo({ isShowErrTip: false, signal }),
    (logo) => !logo.image && !logo.slogan,
  );
  if (status === 'empty') return null;
  if (status !== 'ready' || !data) {
    return (
      <div className="bg-accent/60 rounded-2xl px-6 py-5">
        <LoadState status={status} texts={loadTexts(m)} onRetry={retry} skeleton={<Bar className="h-12 w-2/3" />} />
      </div>
    );
  }
  const href = siteLink(data.linkUrl, locale);
  const inner = (
    <>
      {data.image && <img src={data.image} alt="" width={112} height={56} className="h-14 w-auto max-w-[45%] shrink-0 object-contain sm:h-16" />}
      {data.slogan && (
        <p className="text-accent-foreground text-lg font-semibold tracking-tight sm:text-xl">{data.slogan}</p>
      )}
    </>
  );
  const band =
    'bg-accent/70 border-primary/10 flex items-center gap-6 rounded-2xl border px-6 py-5 outline-none sm:px-8';
  return href ? (
    <a href={href} className={`${band} hover:bg-accent focus-visible:ring-ring/50 focus-visible:ring-[3px]`}>
      {inner}
    </a>
  ) : (
    <div className={band}>{inner}</div>
  );
}

/** Where a course zone's "more" leads: the course centre in the zone's order. */
function moreHref(zone: Zone, locale: Locale): string {
  const path = localizePath('/knowledge', locale);
  return zone.relationType === RelationType.hottest ? `${path}?sort=hot` : path;
}

function ZoneSection({ zone, more, children, messages: m }: { zone: Zone; more: string; children: ReactNode; messages: HomeMessages }) {
  const headingId = `home-zone-${zone.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <SectionHeading
        id={headingId}
        title={zone.title}
        action={<MoreLink href={more} text={m['home.zone.more']} label={fill(m['home.zone.moreLabel'], { title: zone.title })} />}
      />
      {children}
    </section>
  );
}

function CourseZone({ zone, locale, messages: m }: { zone: Zone } & ZonesProps) {
  const { data, status, retry } = useBlock<ZoneCourse[]>(
    (signal) => getZoneCourses(zone.relationType, { isShowErrTip: false, signal }),
    (list) => list.length === 0,
  );
  return (
    <ZoneSection zone={zone} more={moreHref(zone, locale)} messages={m}>
      <LoadState status={status} texts={loadTexts(m, m['home.zone.empty'])} onRetry={retry} skeleton={<CardsSkeleton />}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {data?.map((course) => (
            <li key={course.id} className="grid">
              <CourseCard course={course} locale={locale} messages={m} headingLevel={3} />
            </li>
          ))}
        </ul>
      </LoadState>
    </ZoneSection>
  );
}

function LecturerZone({ zone, locale, messages: m }: { zone: Zone } & ZonesProps) {
  const { data, status, retry } = useBlock<ZoneLecturer[]>(
    (signal) => getZoneLecturers({ isShowErrTip: false, signal }),
    (list) => list.length === 0,
  );
  return (
    <ZoneSection zone={zone} more={localizePath('/lecturer', locale)} messages={m}>
      <LoadState
        status={status}
        texts={loadTexts(m, m['home.lecturer.empty'])}
        onRetry={retry}
        skeleton={<CardsSkeleton tall={false} />}
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {data?.map((lecturer) => (
            <li
              key={lecturer.id}
              className={`${cardClass} focus-within:ring-ring/50 relative flex gap-4 p-5 transition-shadow focus-within:ring-[3px] hover:shadow-md`}
            >
              <PersonAvatar name={lecturer.name} src={lecturer.avatar} className="size-16 text-xl" />
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <h3 className="truncate font-semibold">
                  <a
                    href={localizePath(`/lecturer/view/${encodeURIComponent(lecturer.id)}`, locale)}
                    className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
                  >
                    {lecturer.name}
                  </a>
                </h3>
                {lecturer.title && <p className="text-primary truncate text-xs font-medium">{lecturer.title}</p>}
                {lecturer.intro && <p className="text-muted-foreground line-clamp-2 text-sm">{lecturer.intro}</p>}
                <p className="text-muted-foreground text-xs">{fill(m['home.lecturer.courses'], { count: lecturer.courseCount })}</p>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
    </ZoneSection>
  );
}

export function Zones({ locale, messages: m }: ZonesProps) {
  const { data, status, retry } = useBlock<Zone[]>(
    (signal) => getZones({ isShowErrTip: false, signal }),
    (list) => list.length === 0,
  );
  return (
    <div className="grid gap-12">
      <ZoneLogoBand locale={locale} messages={m} />
      <LoadState
        status={status}
        texts={loadTexts(m, m['home.zones.empty'])}
        onRetry={retry}
        skeleton={<ZoneSkeleton />}
      >
        {data?.map((zone) => (
          <WhenVisible key={zone.id} name={`zone.${zone.id}`} placeholder={<ZoneSkeleton />}>
            {zone.kind === ZoneKind.lecturers ? (
              <LecturerZone zone={zone} locale={locale} messages={m} />
            ) : (
              <CourseZone zone={zone} locale={locale} messages={m} />
            )}
          </WhenVisible>
        ))}
      </LoadState>
    </div>
  );
}
