/**
 * A lecturer's page (`/lecturer/view/{id}`): picture, name, title, level, the figures of what
 * they teach (courses, learners, average rating), the introduction, and their published
 * courses as course cards, 8 a page (the page lives in the URL query). An id that is no
 * lecturer of the caller's company gets a not-found notice with the way back to the directory.
 */
import UserXIcon from 'lucide-react/icons/user-x';
import { useEffect, useId, useState } from 'react';
import { getLecturer, getLecturerCoursePage, isLecturerMissing } from '@/api/lecturer';
import type { CourseItem } from '@/api/learning-types';
import type { LecturerDetail } from '@/api/lecturer-types';
import type { PageResult } from '@/api/types';
import { ChevronLeftIcon } from '@/components/layout/icons';
import { CourseCard } from '@/components/learning/CourseCard';
import { directorySearch, parseDirectoryQuery } from '@/components/lecturer/directory-query';
import type { LecturerProfileMessages } from '@/components/lecturer/messages';
import { LecturerFigures, LecturerPortrait, LevelBadge } from '@/components/lecturer/parts';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';

interface LecturerProfileProps {
  locale: Locale;
  messages: LecturerProfileMessages;
}

/** The parameterised route this page serves. */
const ROUTE_PATH = '/lecturer/view';
/** Spec section 9: 8 courses a page. */
const COURSE_PAGE_SIZE = 8;
/** Longest id the not-found notice repeats. */
const SHOWN_ID_MAX = 64;

type ProfileState =
  | { kind: 'loading' }
  | { kind: 'ready'; lecturer: LecturerDetail }
  | { kind: 'missingId' }
  | { kind: 'notFound'; id: string }
  | { kind: 'error' };

const coursePageFromUrl = () => parseDirectoryQuery(location.search).page;

function ProfileSkeleton() {
  return (
    <div className="flex gap-6">
      <div className="bg-muted size-24 shrink-0 animate-pulse rounded-full" />
      <div className="grid flex-1 content-start gap-3">
        <div className="bg-muted h-7 w-1/3 animate-pulse rounded" />
        <div className="bg-muted h-4 w-1/4 animate-pulse rounded" />
        <div className="bg-muted h-4 w-1/2 animate-pulse rounded" />
      </div>
    </div>
  );
}

function CoursesSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <div className="bg-muted aspect-video animate-pulse" />
          <div className="grid gap-2 p-4">
            <div className="bg-muted h-4 w-3/4 animate-pulse rounded" />
            <div className="bg-muted h-3 w-1/2 animate-pulse rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The lecturer's courses, paged by 8, the page kept in the URL. */
function LecturerCourses({ lecturerId, locale, messages: m }: { lecturerId: string } & LecturerProfileProps) {
  const ids = useId();
  const [pageNo, setPageNo] = useState(coursePageFromUrl);
  const [result, setResult] = useState<PageResult<CourseItem> | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const read = () => setPageNo(coursePageFromUrl());
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getLecturerCoursePage(lecturerId, { pageCurrent: pageNo, pageSize: COURSE_PAGE_SIZE }, { signal: controller.signal, isShowErrTip: false })
      .then((found) => {
        if (!found.list.length && found.totalPage > 0 && pageNo > found.totalPage) {
          history.replaceState(null, '', `${location.pathname}${directorySearch({ page: found.totalPage })}`);
          setPageNo(found.totalPage);
          return;
        }
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [lecturerId, pageNo, round]);

  const turn = (next: number) => {
    history.pushState(null, '', `${location.pathname}${directorySearch({ page: next })}`);
    setPageNo(next);
    document.getElementById(`${ids}-courses`)?.scrollIntoView({ block: 'start' });
  };

  return (
    <section aria-labelledby={`${ids}-courses`} className="grid gap-4">
      <h2 id={`${ids}-courses`} className="text-lg font-semibold">
        {m['lecturer.courseList']}
        {result && status === 'ready' && (
          <span className="text-muted-foreground ms-2 text-sm font-normal tabular-nums">({result.totalCount})</span>
        )}
      </h2>
      <LoadState
        status={status}
        texts={loadTexts(m, m['lecturer.coursesEmpty'])}
        onRetry={() => setRound((n) => n + 1)}
        skeleton={<CoursesSkeleton />}
      >
        {result && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {result.list.map((course) => (
              <li key={course.id} className="grid">
                <CourseCard course={course} locale={locale} messages={m} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {result && status === 'ready' && (
        <Pager page={result.pageCurrent} totalPage={result.totalPage} texts={pagerTexts(m)} onChange={turn} />
      )}
    </section>
  );
}

export function LecturerProfile({ locale, messages: m }: LecturerProfileProps) {
  const signedIn = useSignedIn();
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    const id = routeParam(location.pathname, ROUTE_PATH) ?? new URLSearchParams(location.search).get('id')?.trim();
    if (!id) return setState({ kind: 'missingId' });
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getLecturer(id, { signal: controller.signal, isShowErrTip: false })
      .then((lecturer) => setState({ kind: 'ready', lecturer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(isLecturerMissing(error) ? { kind: 'notFound', id } : { kind: 'error' });
      });
    return () => controller.abort();
  }, [signedIn, round]);

  const directory = localizePath('/lecturer', locale);
  const back = (
    <a
      href={directory}
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 justify-self-start rounded-sm text-sm outline-none focus-visible:ring-[3px]"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-4" />
      {m['lecturer.back']}
    </a>
  );

  if (signedIn === false) {
    return (
      <div className="grid gap-6">
        {back}
        <LoginFirst text={m['auth.loginFirst']} linkText={m['lecturer.signIn']} />
      </div>
    );
  }

  if (state.kind === 'notFound' || state.kind === 'missingId') {
    const shown = state.kind === 'notFound' && state.id.length > SHOWN_ID_MAX ? `${state.id.slice(0, SHOWN_ID_MAX)}…` : undefined;
    return (
      <div className="grid gap-6">
        {back}
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border px-6 py-12 text-center">
          <UserXIcon aria-hidden="true" className="text-muted-foreground size-8" />
          <h1 className="text-lg font-semibold">{m['lecturer.notFound']}</h1>
          <p className="text-muted-foreground text-sm">
            {state.kind === 'notFound' ? fill(m['lecturer.notFoundDetail'], { id: shown ?? state.id }) : m['lecturer.missingId']}
          </p>
          <a
            href={directory}
            className="bg-primary text-primary-foreground focus-visible:ring-ring/50 mt-2 rounded-md px-5 py-2 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
          >
            {m['lecturer.back']}
          </a>
        </div>
      </div>
    );
  }

  if (state.kind !== 'ready') {
    return (
      <div className="grid gap-6">
        {back}
        <LoadState
          status={state.kind === 'error' ? 'error' : 'loading'}
          texts={loadTexts(m)}
          onRetry={() => setRound((n) => n + 1)}
          skeleton={<ProfileSkeleton />}
        />
      </div>
    );
  }

  const { lecturer } = state;
  return (
    <div className="grid gap-8">
      {back}
      <header className="bg-card flex flex-col gap-6 rounded-2xl border p-6 shadow-xs sm:flex-row">
        <LecturerPortrait name={lecturer.name} src={lecturer.avatar} className="size-24 text-3xl" />
        <div className="grid min-w-0 flex-1 content-start gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{lecturer.name}</h1>
            <LevelBadge level={lecturer.level} messages={m} />
          </div>
          {lecturer.title && <p className="text-primary font-medium">{lecturer.title}</p>}
          <LecturerFigures lecturer={lecturer} messages={m} className="text-sm" />
          {lecturer.ratingCount > 0 && (
            <p className="text-muted-foreground text-xs">{fill(m['lecturer.ratingCount'], { value: lecturer.ratingCount })}</p>
          )}
        </div>
      </header>
      <section aria-labelledby="lecturer-intro" className="grid gap-2">
        <h2 id="lecturer-intro" className="text-lg font-semibold">
          {m['lecturer.intro']}
        </h2>
        <p className={`max-w-prose text-sm leading-relaxed whitespace-pre-line ${lecturer.intro ? '' : 'text-muted-foreground'}`}>
          {lecturer.intro || m['lecturer.introEmpty']}
        </p>
      </section>
      <LecturerCourses lecturerId={lecturer.id} locale={locale} messages={m} />
    </div>
  );
}
