/**
 * The lecturer directory (`/lecturer`, `/lecturer/indexOld`): a keyword search over names and
 * titles, a paged grid of 10 lecturers, and beside it the ranking of the company's top 10.
 * The keyword and page live in the URL query, so back, forward and reload keep them.
 * Anonymous visitors are asked to sign in.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { getLecturerPage } from '@/api/lecturer';
import { LECTURER_KEYWORD_MAX, type LecturerItem } from '@/api/lecturer-types';
import type { PageResult } from '@/api/types';
import { directorySearch, parseDirectoryQuery, type DirectoryQuery } from '@/components/lecturer/directory-query';
import { LecturerCard } from '@/components/lecturer/LecturerCard';
import { LecturerRanking } from '@/components/lecturer/LecturerRanking';
import type { LecturerDirectoryMessages } from '@/components/lecturer/messages';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { SearchForm } from '@/components/ui/search-form';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

interface LecturerDirectoryProps {
  locale: Locale;
  messages: LecturerDirectoryMessages;
}

function CardSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-xl border p-4">
          <span className="bg-muted size-16 shrink-0 animate-pulse rounded-full" />
          <span className="grid flex-1 content-start gap-2">
            <span className="bg-muted h-4 w-1/3 animate-pulse rounded" />
            <span className="bg-muted h-3 w-1/2 animate-pulse rounded" />
            <span className="bg-muted h-3 w-4/5 animate-pulse rounded" />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function LecturerDirectory({ locale, messages: m }: LecturerDirectoryProps) {
  const signedIn = useSignedIn();
  const ids = useId();
  const [query, setQuery] = useState<DirectoryQuery | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<PageResult<LecturerItem> | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  // The URL is the state: read it now and whenever back or forward changes it.
  useEffect(() => {
    const read = () => {
      const next = parseDirectoryQuery(location.search);
      setQuery(next);
      setKeyword(next.keyword ?? '');
    };
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  const go = useCallback((next: DirectoryQuery) => {
    history.pushState(null, '', `${location.pathname}${directorySearch(next)}`);
    setQuery(next);
  }, []);

  useEffect(() => {
    if (!signedIn || !query) return;
    const controller = new AbortController();
    setStatus('loading');
    getLecturerPage(
      { pageCurrent: query.page, ...(query.keyword && { keyword: query.keyword }) },
      { signal: controller.signal, isShowErrTip: false },
    )
      .then((result) => {
        // A page past the end (an old link) goes to the last one.
        if (!result.list.length && result.totalPage > 0 && query.page > result.totalPage) {
          const last = { ...query, page: result.totalPage };
          history.replaceState(null, '', `${location.pathname}${directorySearch(last)}`);
          setQuery(last);
          return;
        }
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [signedIn, query, round]);

  if (signedIn === false) {
    return <LoginFirst text={m['auth.loginFirst']} linkText={m['lecturer.signIn']} />;
  }

  const searched = query?.keyword;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <section aria-labelledby={`${ids}-list`} className="grid min-w-0 grid-cols-1 content-start gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${ids}-list`} className="text-lg font-semibold">
            {m['lecturer.list']}
          </h2>
          {status === 'ready' && page && (
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {fill(m['lecturer.resultCount'], { value: page.totalCount })}
            </p>
          )}
        </div>
        <SearchForm
          label={m['lecturer.keyword']}
          placeholder={m['lecturer.keywordPlaceholder']}
          submitText={m['lecturer.search']}
          value={keyword}
          maxLength={LECTURER_KEYWORD_MAX}
          onChange={setKeyword}
          onSearch={() => go({ keyword: keyword.trim().slice(0, LECTURER_KEYWORD_MAX) || undefined, page: 1 })}
          landmarkLabel={m['lecturer.filters']}
          withIcon
          className="rounded-xl border p-3"
        />

        <LoadState
          status={signedIn === undefined || !query ? 'loading' : status}
          texts={loadTexts(m, m['lecturer.empty'])}
          onRetry={() => setRound((n) => n + 1)}
          skeleton={<CardSkeleton />}
          emptyContent={
            searched ? (
              <div className="flex flex-col items-center gap-3 py-10 text-sm">
                <p className="text-muted-foreground">{fill(m['lecturer.emptySearch'], { keyword: searched })}</p>
                <button
                  type="button"
                  className="hover:bg-accent focus-visible:ring-ring/50 rounded-md border px-4 py-1.5 font-medium outline-none focus-visible:ring-[3px]"
                  onClick={() => {
                    setKeyword('');
                    go({ page: 1 });
                  }}
                >
                  {m['lecturer.clearSearch']}
                </button>
              </div>
            ) : undefined
          }
        >
          {page && (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {page.list.map((lecturer) => (
                <li key={lecturer.id} className="grid">
                  <LecturerCard lecturer={lecturer} locale={locale} messages={m} />
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
              go({ ...query, page: p });
              document.getElementById(`${ids}-list`)?.scrollIntoView({ block: 'start' });
            }}
          />
        )}
      </section>
      {signedIn && <LecturerRanking locale={locale} messages={m} />}
    </div>
  );
}
