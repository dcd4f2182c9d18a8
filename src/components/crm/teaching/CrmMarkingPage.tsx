/**
 * Marking in the back office (lecturers; administrators who mark): the exam centre's marking
 * list and paper, on their own page. The filter, page and open paper live in the URL as the
 * exam centre keeps them (`?tab=marking&status=1&paper=…`), so back and reload keep them.
 */
import { useCallback, useEffect, useState } from 'react';
import { centreSearch, parseCentreQuery, type CentreQuery } from '@/components/exam/centre-query';
import { MarkingTab } from '@/components/exam/MarkingTab';
import type { ExamCentreMessages } from '@/components/exam/messages';
import { CheckingAccess, NoAccess, type NoAccessMessages } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import type { Locale } from '@/i18n/locale-path';

type Messages = ExamCentreMessages & NoAccessMessages & { 'crm.marking.intro': string };

/** The URL's state, always on the marking tab. */
const read = (): CentreQuery => ({ ...parseCentreQuery(location.search), tab: 'marking' });

export function CrmMarkingPage({ locale, messages }: { locale: Locale; messages: Messages }) {
  const access = useCrmAccess('lecturer');
  const [query, setQuery] = useState<CentreQuery | null>(null);

  useEffect(() => {
    const update = () => setQuery(read());
    update();
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);

  const go = useCallback((next: CentreQuery, replace = false) => {
    const url = `${location.pathname}${centreSearch({ ...next, tab: 'marking' })}`;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    setQuery({ ...next, tab: 'marking' });
  }, []);

  if (access === 'pending' || !query) return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;
  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {!query.paper && <p className="text-muted-foreground text-sm">{messages['crm.marking.intro']}</p>}
      <MarkingTab locale={locale} messages={messages} query={query} go={go} />
    </section>
  );
}
