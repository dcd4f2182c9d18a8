/** The "my uploads" page: every signed-in member's own. */
import type { MyUploadsMessages } from '@/components/crm/home/messages';
import { MyUploads } from '@/components/crm/home/MyUploads';
import { CheckingAccess, type NoAccessMessages } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import type { Locale } from '@/i18n/locale-path';

export function MyUploadsPage({ locale, messages }: { locale: Locale; messages: MyUploadsMessages & NoAccessMessages }) {
  const access = useCrmAccess(undefined);
  if (access === 'pending') return <CheckingAccess messages={messages} />;
  return <MyUploads locale={locale} messages={messages} />;
}
