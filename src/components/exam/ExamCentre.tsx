/**
 * The exam centre (`/exam`, `/exam/index_bak`): the caller's exams, records (with export),
 * sitting reservations and, for markers, the papers to mark. The tab and its filters live in
 * the URL query, so back, forward and reload keep them.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getMarkingPage } from '@/api/exam';
import { centreSearch, parseCentreQuery, type CentreQuery, type Tab } from '@/components/exam/centre-query';
import type { ExamCentreMessages } from '@/components/exam/messages';
import { MyExamsTab } from '@/components/exam/MyExamsTab';
import type { TabProps } from '@/components/exam/tab-props';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { TabList, tabPanelProps } from '@/components/ui/tab-list';
import type { Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';

// The page opens on "My exams": the other tabs' code loads when they are shown.
const RecordsTab = lazy(() => import('@/components/exam/RecordsTab').then((mod) => ({ default: mod.RecordsTab })));
const ReservationsTab = lazy(() =>
  import('@/components/exam/ReservationsTab').then((mod) => ({ default: mod.ReservationsTab })),
);
const MarkingTab = lazy(() => import('@/components/exam/MarkingTab').then((mod) => ({ default: mod.MarkingTab })));

interface ExamCentreProps {
  locale: Locale;
  messages: ExamCentreMessages;
}

export function ExamCentre({ locale, messages: m }: ExamCentreProps) {
  const signedIn = useSignedIn();
  const user = useStore($user);
  const [query, setQuery] = useState<CentreQuery | null>(null);
  const [marks, setMarks] = useState(false);

  useEffect(() => {
    const read = () => setQuery(parseCentreQuery(location.search));
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);

  // The Marking tab shows for lecturers and admins, and for anyone with papers to mark.
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getMarkingPage({ pageSize: 1 }, { isShowErrTip: false, signal: controller.signal })
      .then((page) => setMarks(page.totalCount > 0))
      .catch(() => undefined);
    return () => controller.abort();
  }, [signedIn]);

  const go = useCallback((next: CentreQuery, replace = false) => {
    const url = `${location.pathname}${centreSearch(next)}`;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    setQuery(next);
  }, []);

  const title = <h1 className="text-2xl font-semibold tracking-tight">{m['exam.centre.title']}</h1>;

  if (signedIn === false) {
    return (
      <div className="grid gap-6">
        {title}
        <LoginFirst text={m['auth.loginFirst']} linkText={m['course.signIn']} />
      </div>
    );
  }
  if (!signedIn || !query) {
    return (
      <div className="grid gap-6">
        {title}
        <LoadState status="loading" texts={loadTexts(m)} />
      </div>
    );
  }

  const showMarking = marks || user?.isLecturer === true || user?.isAdmin === true || query.tab === 'marking';
  const tabs: { id: Tab; label: string }[] = [
    { id: 'mine', label: m['exam.tab.mine'] },
    { id: 'records', label: m['exam.tab.records'] },
    { id: 'reservations', label: m['exam.tab.reservations'] },
    ...(showMarking ? [{ id: 'marking' as const, label: m['exam.tab.marking'] }] : []),
  ];
  const props: TabProps = { locale, messages: m, query, go };

  return (
    <div className="grid gap-6">
      {title}
      <TabList
        items={tabs}
        value={query.tab}
        label={m['exam.tabs']}
        idBase="exam-centre"
        onChange={(tab) => go({ tab, page: 1 })}
      />
      <div {...tabPanelProps('exam-centre', query.tab)}>
        {query.tab === 'mine' ? (
          <MyExamsTab {...props} />
        ) : (
          <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
            {query.tab === 'records' && <RecordsTab {...props} />}
            {query.tab === 'reservations' && <ReservationsTab {...props} />}
            {query.tab === 'marking' && <MarkingTab {...props} />}
          </Suspense>
        )}
      </div>
    </div>
  );
}
