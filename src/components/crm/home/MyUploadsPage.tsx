/** The "my uploads" page, every signed-in member's own: their files on the way to the library, then their other uploads (pictures). */
import type { MyResourceMessages } from '@/components/crm/course/messages';
import type { MyUploadsMessages } from '@/components/crm/home/messages';
import { MyResources } from '@/components/crm/home/MyResources';
import { MyUploads } from '@/components/crm/home/MyUploads';
import { CheckingAccess, type NoAccessMessages } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import type { Locale } from '@/i18n/locale-path';

export function MyUploadsPage({ locale, messages }: { locale: Locale; messages: MyUploadsMessages & MyResourceMessages & NoAccessMessages }) {
  const access = useCrmAccess(undefined);
  if (access === 'pending') return <CheckingAccess messages={messages} />;
  return (
    <div className="grid gap-6">
      <MyResources locale={locale} messages={messages} />
      <section aria-labelledby="other-uploads-title" className="grid gap-2">
        <h2 id="other-uploads-title" className="text-base font-semibold">
          {messages['crm.myResources.other']}
        </h2>
        <MyUploads locale={locale} messages={messages} />
      </section>
    </div>
  );
}
