/** What each tab of the exam centre receives from the centre. */
import type { CentreQuery } from '@/components/exam/centre-query';
import type { ExamCentreMessages } from '@/components/exam/messages';
import type { Locale } from '@/i18n/locale-path';

/** What a tab needs to change the URL state. */
export interface TabProps {
  locale: Locale;
  messages: ExamCentreMessages;
  query: CentreQuery;
  /** Moves to another state; `replace` keeps the history entry. */
  go: (next: CentreQuery, replace?: boolean) => void;
}
