/** What each tab of the train page (and the account page's training parts) receives. */
import type { TrainMessages } from '@/components/study/messages';
import type { Locale } from '@/i18n/locale-path';

export interface TrainTabProps {
  locale: Locale;
  messages: TrainMessages;
}
