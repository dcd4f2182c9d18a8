/**
 * The caller's certificates (`/certificate`): tabs for held and expired with their counts, 10 a
 * page, each with its issue way, dates, the course or project that awards it, its verification
 * code, a PDF download and a link to its public verification. The tab and page live in the URL.
 */
import { useCallback, useEffect, useState } from 'react';
import { getCertificateCount, getCertificatePage } from '@/api/certificate';
import { CertificateStatus, type CertificateCount, type CertificateItem, type CertificateStatusValue } from '@/api/certificate-types';
import type { PageResult } from '@/api/types';
import { CertificateCard } from '@/components/certificate/CertificateCard';
import type { CertificatesPageMessages } from '@/components/certificate/messages';
import { certificateSearch, parseCertificateQuery, type CertificateQuery } from '@/components/certificate/query';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { TabList, tabPanelProps } from '@/components/ui/tab-list';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

interface CertificatesPageProps {
  locale: Locale;
  messages: CertificatesPageMessages;
}

/** The tabs; each id is also the field of its count. */
const TABS = [
  { status: CertificateStatus.held, id: 'held' },
  { status: CertificateStatus.expired, id: 'expired' },
] as const;

function CertificateList({ locale, messages: m, query, go }: CertificatesPageProps & { query: CertificateQuery; go: (next: CertificateQuery) => void }) {
  const [page, setPage] = useState<PageResult<CertificateItem>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getCertificatePage({ status: query.status, pageCurrent: query.page }, { isShowErrTip: false, signal: controller.signal })
      .then((result) => {
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [query.status, query.page, round]);

  const empty = query.status === CertificateStatus.held ? m['certificate.emptyHeld'] : m['certificate.emptyExpired'];
  return (
    <section aria-label={m['certificate.list']} className="grid gap-4 pt-4">
      <LoadState status={status} texts={loadTexts(m, empty)} onRetry={() => setRound((n) => n + 1)}>
        {page && (
          <ul className="grid gap-3">
            {page.list.map((item) => (
              <li key={item.id}>
                <CertificateCard item={item} locale={locale} messages={m} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {page && status === 'ready' && (
        <Pager page={page.pageCurrent} totalPage={page.totalPage} texts={pagerTexts(m)} onChange={(p) => go({ ...query, page: p })} />
      )}
    </section>
  );
}

export function CertificatesPage({ locale, messages: m }: CertificatesPageProps) {
  const signedIn = useSignedIn();
  const [query, setQuery] = useState<CertificateQuery | null>(null);
  const [counts, setCounts] = useState<CertificateCount>();

  useEffect(() => {
    const read = () => setQuery(parseCertificateQuery(location.search));
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getCertificateCount({ isShowErrTip: false, signal: controller.signal })
      .then(setCounts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn]);

  const go = useCallback((next: CertificateQuery) => {
    history.pushState(null, '', `${location.pathname}${certificateSearch(next)}`);
    setQuery(next);
  }, []);

  const header = (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{m['certificate.title']}</h1>
      <p className="text-muted-foreground text-sm">{m['certificate.intro']}</p>
    </div>
  );

  // Until the session and the URL are read: the sign-in prompt, or the loading state.
  if (!signedIn || !query) {
    return (
      <div className="grid gap-6">
        {header}
        {signedIn === false ? (
          <LoginFirst text={m['auth.loginFirst']} linkText={m['study.signIn']} />
        ) : (
          <LoadState status="loading" texts={loadTexts(m)} />
        )}
      </div>
    );
  }

  const label = (status: CertificateStatusValue, count: number | undefined) => {
    const text = m[`certificate.status.${status}`];
    return count === undefined ? text : fill(m['certificate.tabCount'], { label: text, count });
  };
  const current = TABS.find((tab) => tab.status === query.status)!;
  return (
    <div className="grid gap-6">
      {header}
      <div>
        <TabList
          items={TABS.map((tab) => ({ id: tab.id, label: label(tab.status, counts?.[tab.id]) }))}
          value={current.id}
          label={m['certificate.tabs']}
          idBase="certificates"
          onChange={(id) => go({ status: TABS.find((tab) => tab.id === id)!.status, page: 1 })}
        />
        <div {...tabPanelProps('certificates', current.id)}>
          <CertificateList locale={locale} messages={m} query={query} go={go} />
        </div>
      </div>
    </div>
  );
}
