/**
 * A course's page (`/knowledge/course/{id}`, `/knowledgeOld/course/{id}`, `/train/course/{id}`,
 * `/knowledge/course/his_id?id=…`): cover, intro, lecturers, credit hours, rating and learners;
 * start or continue in the player; chapters and periods with progress; rating, like and
 * collection; courseware; the caller's notes; comments; the projects that hold the course and
 * related courses. A removed course, a paid course not bought (with its price and authorised
 * purchase request; administrators decide requests here) and anonymous visitors get the spec's
 * messages.
 */
import BookmarkIcon from 'lucide-react/icons/bookmark';
import PlayIcon from 'lucide-react/icons/play';
import ThumbsUpIcon from 'lucide-react/icons/thumbs-up';
import { useStore } from '@nanostores/react';
import { lazy, startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import {
  admireCourse,
  courseRefusal,
  getChapterPeriodList,
  getCourse,
  getCoursewareList,
  saveCourseMark,
  setCourseCollected,
} from '@/api/course';
import type { CourseDetail as Course, CourseResourceItem, Courseware } from '@/api/learning-types';
import { CourseCatalogue } from '@/components/course/CourseCatalogue';
import type { CourseDetailMessages } from '@/components/course/messages';
import { periods, watchPath } from '@/components/course/tree';
import { ChevronLeftIcon } from '@/components/layout/icons';
import { durationText } from '@/components/learning/duration';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Stars } from '@/components/ui/stars';
import { fill } from '@/i18n/fill';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

interface CourseDetailProps {
  locale: Locale;
  messages: CourseDetailMessages;
  /** The parameterised route this page serves (`/knowledge/course`), or none when the id is in `?id=`. */
  routePath?: string;
  /** The list this page belongs to, for the way back (`/knowledge`, `/knowledgeOld`, `/train`). */
  listPath: string;
}

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; course: Course }
  | { kind: 'missingId' }
  | { kind: 'notFound' }
  | { kind: 'refused'; message: string }
  | { kind: 'error' };

const toggleClass =
  'focus-visible:ring-ring/50 hover:bg-accent aria-pressed:border-primary aria-pressed:text-primary inline-flex h-9 items-center gap-2 rounded-md border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:opacity-60';

function readCourseId(routePath: string | undefined): string | undefined {
  if (routePath) {
    const fromPath = routeParam(location.pathname, routePath);
    if (fromPath) return fromPath;
  }
  return new URLSearchParams(location.search).get('id')?.trim() || undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A block that loads after the course: the tree or the courseware. Its answer renders as a
 * transition, in slices between which the page stays responsive.
 */
function useAfterCourse<T>(courseId: string | undefined, load: (id: string, signal: AbortSignal) => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [message, setMessage] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!courseId) return;
    const controller = new AbortController();
    setStatus('loading');
    load(courseId, controller.signal)
      .then((result) =>
        startTransition(() => {
          setValue(result);
          setStatus(Array.isArray(result) && result.length === 0 ? 'empty' : 'ready');
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const refusal = courseRefusal(error);
        setMessage(refusal?.kind === 'refused' ? refusal.message : undefined);
        setStatus('error');
      });
    return () => controller.abort();
  }, [courseId, round, load]);
  return { value, status, message, retry: () => setRound((n) => n + 1) };
}

// Below the fold: their code loads with the course, not with the page.
const CourseComments = lazy(() => import('@/components/course/CourseComments').then((m) => ({ default: m.CourseComments })));
const CoursewareList = lazy(() => import('@/components/course/CoursewareList').then((m) => ({ default: m.CoursewareList })));
const later = () => import('@/components/course/course-later');
const purchase = () => import('@/components/course/CoursePurchase');
const CoursePurchase = lazy(() => purchase().then((m) => ({ default: m.CoursePurchase })));
const CoursePurchaseRequests = lazy(() => purchase().then((m) => ({ default: m.CoursePurchaseRequests })));
const CourseNotes = lazy(() => later().then((m) => ({ default: m.CourseNotes })));
const CourseProjects = lazy(() => later().then((m) => ({ default: m.CourseProjects })));
const RelatedCourses = lazy(() => later().then((m) => ({ default: m.RelatedCourses })));
const CoursePeriodTools = lazy(() => later().then((m) => ({ default: m.CoursePeriodTools })));
// The buttons that rate the course load on their own: the page's first code only shows ratings.
const StarInput = lazy(() => import('@/components/ui/star-input').then((m) => ({ default: m.StarInput })));

const loadTree = (id: string, signal: AbortSignal) => getChapterPeriodList(id, { signal, isShowErrTip: false });
const loadCourseware = (id: string, signal: AbortSignal) => getCoursewareList(id, { signal, isShowErrTip: false });

export function CourseDetail({ locale, messages: m, routePath, listPath }: CourseDetailProps) {
  const signedIn = useSignedIn();
  const isAdmin = useStore($user)?.isAdmin === true;
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const [pending, setPending] = useState<'admire' | 'collect' | 'mark' | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const id = readCourseId(routePath);
    if (!id) return setState({ kind: 'missingId' });
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getCourse(id, { signal: controller.signal, isShowErrTip: false })
      .then((course) => setState({ kind: 'ready', course }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(courseRefusal(error) ?? { kind: 'error' });
      });
    return () => controller.abort();
  }, [signedIn, routePath, round]);

  const course = state.kind === 'ready' ? state.course : undefined;
  const courseId = course?.id;
  const tree = useAfterCourse<CourseResourceItem[]>(courseId, loadTree);
  const files = useAfterCourse<Courseware[]>(courseId, loadCourseware);

  const back = (
    <a
      href={localizePath(listPath, locale)}
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-4" />
      {m['course.backToList']}
    </a>
  );

  if (signedIn === false) {
    return (
      <div className="grid gap-6">
        {back}
        <LoginFirst text={m['auth.loginFirst']} linkText={m['course.signIn']} />
      </div>
    );
  }

  if (!course) {
    const message =
      state.kind === 'refused' ? state.message : state.kind === 'notFound' ? m['course.notFound'] : state.kind === 'missingId' ? m['course.missingId'] : undefined;
    return (
      <div className="grid gap-6">
        {back}
        {message ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border px-6 py-12 text-center">
            <p className="text-lg font-medium">{message}</p>
          </div>
        ) : (
          <LoadState
            status={state.kind === 'error' ? 'error' : 'loading'}
            texts={loadTexts(m)}
            onRetry={() => setRound((n) => n + 1)}
            skeleton={
              <div className="grid gap-6 md:grid-cols-[2fr_3fr]">
                <div className="bg-muted aspect-video animate-pulse rounded-xl" />
                <div className="grid content-start gap-3">
                  <div className="bg-muted h-7 w-2/3 animate-pulse rounded" />
                  <div className="bg-muted h-4 w-1/2 animate-pulse rounded" />
                  <div className="bg-muted h-4 w-1/3 animate-pulse rounded" />
                </div>
              </div>
            }
          />
        )}
      </div>
    );
  }

  const update = (change: Partial<Course>) =>
    setState((s) => (s.kind === 'ready' ? { kind: 'ready', course: { ...s.course, ...change } } : s));

  const act = async (kind: 'admire' | 'collect' | 'mark', run: () => Promise<void>) => {
    if (pending) return;
    setPending(kind);
    try {
      await run();
    } catch {
      // The client showed the gateway's message.
    }
    setPending(null);
  };

  const onAdmire = () =>
    act('admire', async () => {
      const result = await admireCourse(course.id);
      update({ admired: result.admired, admireCount: result.admireCount });
    });
  const onCollect = () =>
    act('collect', async () => {
      const collected = !course.collected;
      await setCourseCollected(course.id, collected);
      update({ collected });
      notifySuccess(collected ? m['course.collectDone'] : m['course.uncollectDone']);
    });
  const onMark = (score: number) =>
    act('mark', async () => {
      const result = await saveCourseMark(course.id, score);
      update({ rating: result.rating, ratingCount: result.ratingCount, myRating: result.myRating });
      notifySuccess(m['course.rated']);
    });

  const canWatch = course.purchased && course.status === 1;
  const firstPeriod = tree.value ? periods(tree.value)[0]?.subResourceId : undefined;
  const startItem = course.lastItemId ?? firstPeriod;
  const started = Boolean(course.lastItemId) || course.studyProgress > 0;
  const length = durationText(course.totalDuration);
  const lecturerNames = course.lecturers.map((l) => l.name).join('、');
  // While a section's script loads.
  const waiting = <LoadState status="loading" texts={loadTexts(m)} />;

  return (
    <div className="grid gap-8">
      {back}
      <header className="grid gap-6 md:grid-cols-[2fr_3fr]">
        <div className="bg-muted aspect-video overflow-hidden rounded-xl">
          {course.cover && <img src={course.cover} alt="" className="size-full object-cover" />}
        </div>
        <div className="grid content-start gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{course.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span
              className={`rounded px-1.5 py-0.5 text-xs font-medium ${course.isFree ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800'}`}
            >
              {course.isFree ? m['course.free'] : m['course.paid']}
            </span>
            {!course.isFree && course.price !== null && (
              <span className="font-medium text-amber-800 tabular-nums">{fill(m['course.priceLabel'], { value: course.price.toFixed(2) })}</span>
            )}
            {course.categoryName && (
              <span className="text-muted-foreground">{fill(m['course.category'], { value: course.categoryName })}</span>
            )}
          </p>
          {lecturerNames && (
            <p className="text-sm">{fill(m['course.lecturerNames'], { names: lecturerNames })}</p>
          )}
          <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span>{fill(m['learning.creditHours'], { value: course.creditHours })}</span>
            <span>{fill(m['learning.learners'], { value: course.learnerCount })}</span>
            <span>{fill(m['course.periodCount'], { value: course.periodCount })}</span>
            {length && (
              <span>{fill(m['learning.duration'], { value: fill(m[length.key], { value: length.value }) })}</span>
            )}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {course.rating > 0 ? (
              <>
                <Stars value={course.rating} label={fill(m['course.ratingValue'], { value: course.rating })} />
                <span aria-hidden="true" className="font-medium tabular-nums">
                  {course.rating.toFixed(1)}
                </span>
                <span className="text-muted-foreground">{fill(m['course.ratingCount'], { value: course.ratingCount })}</span>
              </>
            ) : (
              <span className="text-muted-foreground">{m['course.unrated']}</span>
            )}
          </p>
          {course.studyProgress > 0 && (
            <p className="text-sm">{fill(m['learning.progress'], { value: course.studyProgress })}</p>
          )}
          <div className="flex flex-wrap items-center gap-3 pt-2">
            {canWatch ? (
              <a
                href={localizePath(watchPath(course.id, startItem), locale)}
                className="bg-primary text-primary-foreground focus-visible:ring-ring/50 inline-flex h-10 items-center gap-2 rounded-md px-6 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
              >
                <PlayIcon aria-hidden="true" className="size-4" />
                {started ? m['course.continue'] : m['course.start']}
              </a>
            ) : (
              <Suspense
                fallback={
                  <p role="status" className="rounded-md bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900">
                    {m['learning.purchaseFirst']}
                  </p>
                }
              >
                <CoursePurchase courseId={course.id} price={course.price} messages={m} />
              </Suspense>
            )}
            <button
              type="button"
              aria-pressed={course.admired}
              disabled={pending === 'admire'}
              onClick={() => void onAdmire()}
              className={toggleClass}
            >
              <ThumbsUpIcon aria-hidden="true" className={`size-4 ${course.admired ? 'fill-current' : ''}`} />
              {course.admired ? m['course.liked'] : m['course.like']}
              <span className="text-muted-foreground tabular-nums">{course.admireCount}</span>
            </button>
            <button
              type="button"
              aria-pressed={course.collected}
              disabled={pending === 'collect'}
              onClick={() => void onCollect()}
              className={toggleClass}
            >
              <BookmarkIcon aria-hidden="true" className={`size-4 ${course.collected ? 'fill-current' : ''}`} />
              {course.collected ? m['course.collected'] : m['course.collect']}
            </button>
          </div>
        </div>
      </header>

      {isAdmin && !course.isFree && (
        <Suspense fallback={waiting}>
          <CoursePurchaseRequests courseId={course.id} messages={m} />
        </Suspense>
      )}

      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-8">
          {course.intro && (
            <Section title={m['course.intro']}>
              <p className="text-sm leading-relaxed whitespace-pre-wrap">{course.intro}</p>
            </Section>
          )}
          <Section title={m['course.catalogue']}>
            <LoadState
              status={tree.status}
              texts={{ ...loadTexts(m), error: tree.message ?? m['learning.loadFailed'] }}
              onRetry={tree.message ? undefined : tree.retry}
            >
              {tree.value && (
                <CourseCatalogue courseId={course.id} tree={tree.value} locale={locale} messages={m} canWatch={canWatch} />
              )}
            </LoadState>
          </Section>
          <Section title={m['course.courseware']}>
            <LoadState
              status={files.status}
              texts={{ ...loadTexts(m, m['course.coursewareEmpty']), error: files.message ?? m['learning.loadFailed'] }}
              onRetry={files.message ? undefined : files.retry}
            >
              {files.value && (
                <Suspense fallback={waiting}>
                  <CoursewareList courseId={course.id} files={files.value} locale={locale} messages={m} />
                </Suspense>
              )}
            </LoadState>
          </Section>
          <Suspense fallback={waiting}>
            <CoursePeriodTools courseId={course.id} tree={tree.value} locale={locale} messages={m} />
            <CourseNotes courseId={course.id} locale={locale} messages={m} />
          </Suspense>
          <Suspense fallback={waiting}>
            <CourseComments
              courseId={course.id}
              locale={locale}
              messages={m}
              count={course.commentCount}
              onCountChange={(delta) =>
                setState((s) =>
                  s.kind === 'ready'
                    ? { kind: 'ready', course: { ...s.course, commentCount: Math.max(0, s.course.commentCount + delta) } }
                    : s,
                )
              }
            />
          </Suspense>
        </div>
        <aside className="grid content-start gap-8">
          <Section title={m['course.rating']}>
            <div className="grid gap-2 rounded-xl border p-4">
              <p className="flex items-baseline gap-2">
                <span className="text-3xl font-semibold tabular-nums">{course.rating > 0 ? course.rating.toFixed(1) : '–'}</span>
                <span className="text-muted-foreground text-sm">
                  {course.rating > 0 ? fill(m['course.ratingCount'], { value: course.ratingCount }) : m['course.unrated']}
                </span>
              </p>
              <p className="text-sm font-medium">{m['course.rateLabel']}</p>
              <Suspense fallback={<span aria-hidden="true" className="block h-7" />}>
                <StarInput
                  value={course.myRating}
                  label={m['course.rateLabel']}
                  itemLabel={m['course.rateStar']}
                  disabled={pending === 'mark'}
                  onChange={(score) => void onMark(score)}
                />
              </Suspense>
            </div>
          </Section>
          {course.lecturers.length > 0 && (
            <Section title={m['course.lecturers']}>
              <ul className="grid gap-3">
                {course.lecturers.map((l) => (
                  <li key={l.id} className="flex items-center gap-3">
                    {l.avatar ? (
                      <img src={l.avatar} alt="" className="size-10 rounded-full object-cover" />
                    ) : (
                      <span aria-hidden="true" className="bg-muted flex size-10 items-center justify-center rounded-full text-sm font-medium">
                        {[...l.name][0]}
                      </span>
                    )}
                    <span className="grid">
                      <span className="text-sm font-medium">{l.name}</span>
                      {l.title && <span className="text-muted-foreground text-xs">{l.title}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Suspense fallback={waiting}>
            <CourseProjects courseId={course.id} locale={locale} messages={m} />
          </Suspense>
        </aside>
      </div>
      <Suspense fallback={waiting}>
        <RelatedCourses courseId={course.id} locale={locale} messages={m} basePath={routePath} />
      </Suspense>
    </div>
  );
}
