/**
 * The search results page (`/search/<keyword>?type=&page=`): a search field holding the
 * keyword, a tab per type with its hit count, and the active type's hits, 10 a page, with the
 * keyword marked in titles and descriptions. The address is the state: a new keyword adds a
 * history entry; a tab or a page replaces it, so back and reload come back to the same list.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { SearchType, type SearchHit, type SearchResult, type SearchTypeValue } from '@/api/home-types';
import { outcomeOf } from '@/api/outcome';
import { getSearchPage } from '@/api/search';
import { Highlighted } from '@/components/search/Highlighted';
import { hitHref } from '@/components/search/hit-link';
import type { SearchMessages } from '@/components/search/messages';
import { parseSearchQuery, SEARCH_TYPES, searchUrl, type SearchQuery } from '@/components/search/search-query';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { formatDay, formatMoment } from '@/components/study/format';
import { fieldFrame } from '@/components/ui/field';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

interface SearchPageProps {
  locale: Locale;
  messages: SearchMessages;
}

/** The longest keyword the gateway takes (it says so itself past this). */
const KEYWORD_MAX = 50;

type State =
  | { status: 'loading' }
  | { status: 'ready' | 'empty'; result: SearchResult }
  | { status: 'error'; message?: string };

function HitSkeleton() {
  return (
    <ul className="grid gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-xl border p-4">
          <div className="bg-muted hidden aspect-video w-40 shrink-0 animate-pulse rounded-md sm:block" />
          <div className="grid flex-1 content-start gap-2">
            <div className="bg-muted h-5 w-1/2 animate-pulse rounded" />
            <div className="bg-muted h-3 w-5/6 animate-pulse rounded" />
            <div className="bg-muted h-3 w-1/4 animate-pulse rounded" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Types whose time is a start (a live class, an exam): shown to the minute. */
const STARTS: readonly SearchTypeValue[] = [SearchType.live, SearchType.exam];

function HitCard({ hit, keyword, locale }: { hit: SearchHit; keyword: string; locale: Locale }) {
  const titleId = useId();
  const when = STARTS.includes(hit.type) ? formatMoment(hit.time) : formatDay(hit.time);
  return (
    <article aria-labelledby={titleId} className="hover:bg-accent/40 relative flex gap-4 rounded-xl border p-4 transition-colors">
      {hit.cover && (
        <div className="bg-muted hidden aspect-video w-40 shrink-0 overflow-hidden rounded-md sm:block">
          <img src={hit.cover} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        </div>
      )}
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h2 id={titleId} className="text-base font-semibold">
          {/* The whole card is the link's target area; the title alone names it. */}
          <a
            href={hitHref(hit, locale)}
            className="focus-visible:ring-ring/50 rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:ring-[3px]"
          >
            <Highlighted text={hit.title} query={keyword} />
          </a>
        </h2>
        {hit.description && (
          <p className="text-muted-foreground line-clamp-2 text-sm break-words">
            <Highlighted text={hit.description} query={keyword} />
          </p>
        )}
        {when && (
          <p className="text-muted-foreground text-xs">
            <time dateTime={hit.time ?? undefined} className="tabular-nums">
              {when}
            </time>
          </p>
        )}
      </div>
    </article>
  );
}

export function SearchPage({ locale, messages: m }: SearchPageProps) {
  const signedIn = useSignedIn();
  const ids = useId();
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  /** The last counts per type for the keyword shown, kept while another tab loads. */
  const [counts, setCounts] = useState<{ keyword: string; counts: Record<string, number> }>();
  const [round, setRound] = useState(0);
  const tabRefs = useRef<Partial<Record<SearchTypeValue, HTMLButtonElement | null>>>({});
  const listRef = useRef<HTMLDivElement>(null);

  // The address is the state: read it now and whenever back or forward changes it.
  useEffect(() => {
    const read = () => {
      const next = parseSearchQuery(location.pathname, location.search);
      setQuery(next);
      setText(next.keyword);
    };
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  useEffect(() => {
    if (!signedIn || !query) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getSearchPage(
      { keyword: query.keyword, type: query.type, pageCurrent: query.page },
      { signal: controller.signal, isShowErrTip: false },
    )
      .then((result) => {
        setCounts({ keyword: query.keyword, counts: result.counts });
        // A page past the end (an old link) goes to the last one.
        if (!result.list.length && result.totalPage > 0 && query.page > result.totalPage) {
          const last = { ...query, page: result.totalPage };
          history.replaceState(history.state, '', searchUrl(last, locale));
          setQuery(last);
          return;
        }
        setState({ status: result.list.length ? 'ready' : 'empty', result });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The gateway says what is wrong with the keyword, in the caller's language.
        const outcome = outcomeOf(error);
        setState({ status: 'error', message: outcome.kind === 'invalid' ? outcome.msg : undefined });
      });
    return () => controller.abort();
  }, [signedIn, query, round, locale]);

  if (signedIn === false) return <LoginFirst text={m['auth.loginFirst']} linkText={m['search.signIn']} />;

  const go = (next: SearchQuery, push: boolean) => {
    const url = searchUrl(next, locale);
    if (push) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    setQuery(next);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = text.trim();
    setText(keyword);
    if (!query) return;
    if (keyword === query.keyword) setRound((n) => n + 1);
    else go({ keyword, type: query.type, page: 1 }, true);
  };

  const choose = (type: SearchTypeValue, focus = false) => {
    if (!query) return;
    if (type !== query.type) go({ ...query, type, page: 1 }, false);
    if (focus) tabRefs.current[type]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!query) return;
    const index = SEARCH_TYPES.indexOf(query.type);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SEARCH_TYPES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(SEARCH_TYPES[(next + SEARCH_TYPES.length) % SEARCH_TYPES.length]!, true);
  };

  const keyword = query?.keyword ?? '';
  const known = counts && counts.keyword === keyword ? counts.counts : undefined;
  const typeLabel = (type: SearchTypeValue) => m[`search.type.${type}`];
  const tabLabel = (type: SearchTypeValue) => {
    const count = known?.[String(type)];
    return count === undefined ? typeLabel(type) : fill(m['search.tabCount'], { label: typeLabel(type), count });
  };
  const result = state.status === 'ready' || state.status === 'empty' ? state.result : undefined;
  const elsewhere = SEARCH_TYPES.filter((type) => type !== query?.type && (known?.[String(type)] ?? 0) > 0);
  const texts = loadTexts(m);
  const status: LoadStatus = signedIn === undefined || !query ? 'loading' : state.status;

  const emptyContent = query && (
    <div className="grid justify-items-center gap-3 py-10 text-center text-sm">
      <p className="text-base font-medium">{fill(m['search.empty'], { query: keyword, type: typeLabel(query.type) })}</p>
      {elsewhere.length > 0 ? (
        <>
          <p className="text-muted-foreground">{m['search.emptyHint']}</p>
          <div className="flex flex-wrap justify-center gap-2">
            {elsewhere.map((type) => (
              <button
                key={type}
                type="button"
                onClick={() => choose(type)}
                className="focus-visible:ring-ring/50 hover:bg-accent rounded-full border px-3 py-1 font-medium outline-none focus-visible:ring-[3px]"
              >
                {tabLabel(type)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="text-muted-foreground">{m['search.emptyTry']}</p>
      )}
    </div>
  );

  return (
    <div className="grid gap-6">
      <form role="search" aria-label={m['search.form']} onSubmit={onSubmit} className="flex max-w-2xl gap-2">
        <label htmlFor={`${ids}-q`} className="sr-only">
          {m['search.label']}
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          enterKeyHint="search"
          value={text}
          maxLength={KEYWORD_MAX}
          placeholder={m['search.placeholder']}
          onChange={(event) => setText(event.target.value)}
          className={`${fieldFrame} bg-background placeholder:text-muted-foreground h-10 min-w-0 flex-1 text-sm`}
        />
        <button
          type="submit"
          className="bg-primary text-primary-foreground focus-visible:ring-ring/50 h-10 shrink-0 rounded-md px-5 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
        >
          {m['search.submit']}
        </button>
      </form>

      {state.status === 'error' && state.message ? (
        <p role="alert" className="text-destructive rounded-xl border px-6 py-10 text-center text-sm font-medium">
          {state.message}
        </p>
      ) : (
        <div className="grid gap-4">
          {keyword && (
            <p className="text-muted-foreground text-sm">{fill(m['search.summary'], { query: keyword })}</p>
          )}
          <div role="tablist" aria-label={m['search.tabs']} className="flex gap-1 overflow-x-auto border-b">
            {SEARCH_TYPES.map((type) => {
              const selected = query?.type === type;
              return (
                <button
                  key={type}
                  ref={(el) => {
                    tabRefs.current[type] = el;
                  }}
                  id={`${ids}-tab-${type}`}
                  type="button"
                  role="tab"
                  aria-selected={selected}
                  aria-controls={`${ids}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => choose(type)}
                  onKeyDown={onTabKey}
                  className="focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:text-primary text-muted-foreground hover:text-foreground -mb-px flex items-center gap-1.5 rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-inset"
                >
                  {/* Shown and named alike, "课程（3）", so what is read is what is seen. */}
                  {tabLabel(type)}
                </button>
              );
            })}
          </div>
          <div
            ref={listRef}
            role="tabpanel"
            id={`${ids}-panel`}
            aria-labelledby={query ? `${ids}-tab-${query.type}` : undefined}
            tabIndex={-1}
            className="grid scroll-mt-24 gap-4 outline-none"
          >
            <p aria-live="polite" className="text-muted-foreground min-h-5 text-sm">
              {state.status === 'ready' && query && result
                ? fill(m['search.resultCount'], { type: typeLabel(query.type), count: result.totalCount })
                : ''}
            </p>
            <LoadState
              status={status}
              texts={texts}
              onRetry={() => setRound((n) => n + 1)}
              skeleton={<HitSkeleton />}
              emptyContent={emptyContent}
            >
              {result && query && (
                <ul className="grid gap-3">
                  {result.list.map((hit) => (
                    <li key={`${hit.type}:${hit.id}`}>
                      <HitCard hit={hit} keyword={keyword} locale={locale} />
                    </li>
                  ))}
                </ul>
              )}
            </LoadState>
            {result && query && state.status === 'ready' && (
              <Pager
                page={result.pageCurrent}
                totalPage={result.totalPage}
                texts={pagerTexts(m)}
                onChange={(page) => {
                  go({ ...query, page }, false);
                  listRef.current?.scrollIntoView({ block: 'start' });
                }}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
