/**
 * The course centre (`/knowledge`, `/knowledgeOld`): the category tree with course counts, the
 * filters (keyword, learning status with the caller's counts, sort, collected only) and a paged
 * grid of 8 courses. Filters and page live in the URL query, so back, forward and reload keep
 * them.
 */
import { useCallback, useEffect, useId, useState, type MouseEvent } from 'react';
import type { Category, CourseCount, CourseItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { getCategoryList, getCourseCount, getCoursePage } from '@/api/course';
import {
  centreSearch,
  coursePageBody,
  isFiltered,
  KEYWORD_MAX,
  parseCentreQuery,
  SORTS,
  type CentreQuery,
  type Sort,
} from '@/components/course/centre-query';
import type { CourseCentreMessages } from '@/components/course/messages';
import { CourseCard } from '@/components/learning/CourseCard';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { fieldClass } from '@/components/ui/field';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { SearchForm } from '@/components/ui/search-form';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

/** Spec section 9: 8 courses a page. */
export const COURSE_PAGE_SIZE = 8;

interface CourseCentreProps {
  locale: Locale;
  messages: CourseCentreMessages;
  /** Where the course details of this centre live (`/knowledge/course`, `/knowledgeOld/course`). */
  detailBase: string;
}

function CardSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: COURSE_PAGE_SIZE }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border">
          <div className="bg-muted aspect-video animate-pulse" />
          <div className="grid gap-2 p-4">
            <div className="bg-muted h-4 w-3/4 animate-pulse rounded" />
            <div className="bg-muted h-3 w-1/2 animate-pulse rounded" />
            <div className="bg-muted h-3 w-2/3 animate-pulse rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface CategoryTreeProps {
  categories: Category[];
  selected: string | undefined;
  href: (categoryId: string | undefined) => string;
  onSelect: (event: MouseEvent<HTMLAnchorElement>, categoryId: string | undefined) => void;
  allLabel: string;
  total: number | undefined;
  withCount: string;
}

function CategoryTree({ categories, selected, href, onSelect, allLabel, total, withCount }: CategoryTreeProps) {
  const link = (id: string | undefined, label: string, count: number | undefined, depth: number) => (
    <a
      href={href(id)}
      aria-current={selected === id ? 'page' : undefined}
      onClick={(event) => onSelect(event, id)}
      style={{ paddingInlineStart: `${0.75 + depth}rem` }}
      className="hover:bg-accent aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground focus-visible:ring-ring/50 block rounded-md py-1.5 pe-3 text-sm outline-none focus-visible:ring-[3px]"
    >
      {count === undefined ? label : fill(withCount, { label, value: count })}
    </a>
  );
  const branch = (items: Category[], depth: number) => (
    <ul className="grid gap-0.5">
      {items.map((c) => (
        <li key={c.id}>
          {link(c.id, c.name, c.courseCount, depth)}
          {c.children.length > 0 && branch(c.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {link(undefined, allLabel, total, 0)}
      {branch(categories, 0)}
    </>
  );
}

export function CourseCentre({ locale, messages: m, detailBase }: CourseCentreProps) {
  const signedIn = useSignedIn();
  const ids = useId();
  const [query, setQuery] = useState<CentreQuery | null>(null);
  const [keyword, setKeyword] = useState('');
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [categoriesFailed, setCategoriesFailed] = useState(false);
  const [counts, setCounts] = useState<CourseCount | null>(null);
  const [allTotal, setAllTotal] = useState<number>();
  const [page, setPage] = useState<PageResult<CourseItem> | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  // The URL is the state: read it now and whenever back or forward changes it.
  useEffect(() => {
    const read = () => {
      const next = parseCentreQuery(location.search);
      setQuery(next);
      setKeyword(next.keyword ?? '');
    };
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  const go = useCallback(
    (change: Partial<CentreQuery>) => {
      if (!query) return;
      // Any filter change starts again at page 1.
      const next: CentreQuery = { ...query, page: 1, ...change };
      history.pushState(null, '', `${location.pathname}${centreSearch(next)}`);
      setQuery(next);
    },
    [query],
  );

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    setCategoriesFailed(false);
    getCategoryList({ signal: controller.signal, isShowErrTip: false })
      .then(setCategories)
      .catch(() => !controller.signal.aborted && setCategoriesFailed(true));
    getCourseCount({}, { signal: controller.signal, isShowErrTip: false })
      .then((all) => setAllTotal(all.total))
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn, round]);

  // The status and collection counts follow the category and keyword.
  const categoryId = query?.categoryId;
  const searched = query?.keyword;
  const queryRead = query !== null;
  useEffect(() => {
    if (!signedIn || !queryRead) return;
    const controller = new AbortController();
    setCounts(null);
    const body = { ...(categoryId && { categoryId }), ...(searched && { keyword: searched }) };
    getCourseCount(body, { signal: controller.signal, isShowErrTip: false })
      .then(setCounts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn, queryRead, categoryId, searched, round]);

  useEffect(() => {
    if (!signedIn || !query) return;
    const controller = new AbortController();
    setStatus('loading');
    getCoursePage(coursePageBody(query, COURSE_PAGE_SIZE), { signal: controller.signal, isShowErrTip: false })
      .then((result) => {
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
        // A page past the end (an old link) goes to the last one.
        if (!result.list.length && result.totalPage > 0 && query.page > result.totalPage) {
          history.replaceState(null, '', `${location.pathname}${centreSearch({ ...query, page: result.totalPage })}`);
          setQuery({ ...query, page: result.totalPage });
        }
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [signedIn, query, round]);

  const title = (
    <h1 className="text-2xl font-semibold tracking-tight">{m['course.centre.title']}</h1>
  );

  if (signedIn === false) {
    return (
      <div className="grid gap-6">
        {title}
        <LoginFirst text={m['auth.loginFirst']} linkText={m['course.signIn']} />
      </div>
    );
  }

  const texts = loadTexts(m);
  const categoryHref = (categoryId: string | undefined) =>
    query ? `${typeof location === 'undefined' ? '' : location.pathname}${centreSearch({ ...query, categoryId, page: 1 })}` : '';
  const onCategory = (event: MouseEvent<HTMLAnchorElement>, categoryId: string | undefined) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go({ categoryId });
  };
  const statusLabel = (label: string, value: number | undefined) =>
    value === undefined ? label : fill(m['course.withCount'], { label, value });
  const filtered = query ? isFiltered(query) : false;

  return (
    <div className="grid gap-6">
      {/* The count's line is there from the first paint, so that its arrival moves nothing below it. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        {title}
        <p className="text-muted-foreground min-h-5 text-sm" aria-live="polite">
          {status === 'ready' && page ? fill(m['course.resultCount'], { value: page.totalCount }) : null}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby={`${ids}-categories`} className="grid content-start gap-2">
          <h2 id={`${ids}-categories`} className="text-sm font-semibold">
            {m['course.categories']}
          </h2>
          {/* Above the list on narrow screens: one height while loading and loaded, so the list never moves. */}
          <div className="max-lg:h-48 max-lg:overflow-y-auto max-lg:rounded-md max-lg:border max-lg:p-1">
            {categories && query ? (
              <CategoryTree
                categories={categories}
                selected={query.categoryId}
                href={categoryHref}
                onSelect={onCategory}
                allLabel={m['course.allCategories']}
                total={allTotal}
                withCount={m['course.withCount']}
              />
            ) : (
              <LoadState
                status={categoriesFailed ? 'error' : 'loading'}
                texts={texts}
                onRetry={() => setRound((n) => n + 1)}
              />
            )}
          </div>
        </nav>

        <section aria-labelledby={`${ids}-list`} className="grid content-start gap-4">
          <h2 id={`${ids}-list`} className="sr-only">
            {m['course.list']}
          </h2>
          <div role="search" aria-label={m['course.filters']} className="flex flex-wrap items-end gap-3 rounded-xl border p-3">
            <SearchForm
              label={m['course.keyword']}
              placeholder={m['course.keywordPlaceholder']}
              submitText={m['course.search']}
              value={keyword}
              maxLength={KEYWORD_MAX}
              onChange={setKeyword}
              onSearch={() => go({ keyword: keyword.trim().slice(0, KEYWORD_MAX) || undefined })}
              landmark={false}
              className="min-w-60 flex-1"
            />
            <div className="grid gap-1">
              <label htmlFor={`${ids}-status`} className="text-xs font-medium">
                {m['course.status']}
              </label>
              <select
                id={`${ids}-status`}
                className={`${fieldClass} w-44`}
                value={query?.learningStatus ?? ''}
                onChange={(event) =>
                  go({ learningStatus: event.target.value === '' ? undefined : (Number(event.target.value) as 0 | 1 | 2) })
                }
              >
                <option value="">{statusLabel(m['course.statusAll'], counts?.total)}</option>
                <option value="0">{statusLabel(m['learning.status.0'], counts?.notStarted)}</option>
                <option value="1">{statusLabel(m['learning.status.1'], counts?.learning)}</option>
                <option value="2">{statusLabel(m['learning.status.2'], counts?.completed)}</option>
              </select>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-sort`} className="text-xs font-medium">
                {m['course.sort']}
              </label>
              <select
                id={`${ids}-sort`}
                className={fieldClass}
                value={query?.sort ?? 'new'}
                onChange={(event) => go({ sort: event.target.value as Sort })}
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {m[`course.sort.${s}`]}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex h-9 min-w-44 items-center gap-2 text-sm whitespace-nowrap">
              <input
                type="checkbox"
                className="accent-primary focus-visible:ring-ring/50 size-4 outline-none focus-visible:ring-[3px]"
                checked={query?.collected ?? false}
                onChange={(event) => go({ collected: event.target.checked })}
              />
              {statusLabel(m['course.collectedOnly'], counts?.collected)}
            </label>
          </div>

          <LoadState
            status={signedIn === undefined ? 'loading' : status}
            texts={texts}
            onRetry={() => setRound((n) => n + 1)}
            skeleton={<CardSkeleton />}
            emptyContent={
              filtered ? (
                <div className="flex flex-col items-center gap-3 py-10 text-sm">
                  <p className="text-muted-foreground">{m['course.emptyFiltered']}</p>
                  <button
                    type="button"
                    className="hover:bg-accent focus-visible:ring-ring/50 rounded-md border px-4 py-1.5 font-medium outline-none focus-visible:ring-[3px]"
                    onClick={() => {
                      setKeyword('');
                      go({ categoryId: undefined, keyword: undefined, learningStatus: undefined, collected: false });
                    }}
                  >
                    {m['course.clearFilters']}
                  </button>
                </div>
              ) : undefined
            }
          >
            {page && (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {page.list.map((course) => (
                  <li key={course.id} className="grid">
                    <CourseCard course={course} locale={locale} messages={m} basePath={detailBase} />
                  </li>
                ))}
              </ul>
            )}
          </LoadState>
          {page && query && status === 'ready' && (
            <Pager
              page={page.pageCurrent}
              totalPage={page.totalPage}
              texts={pagerTexts(m)}
              onChange={(p) => {
                go({ page: p });
                document.getElementById(`${ids}-list`)?.parentElement?.scrollIntoView({ block: 'start' });
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}
