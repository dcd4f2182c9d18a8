/**
 * Learning reports in the back office (organisation users; administrators): the organisation
 * centre's overview and learners, over the caller's department and the ones under it (an
 * administrator's: the whole company, as the gateway reaches), filtered, paged and exported.
 * Read-only.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { isForbidden } from '@/api/study';
import { CheckingAccess, NoAccess, type NoAccessMessages } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Learners } from '@/components/organization/Learners';
import type { OrganizationMessages } from '@/components/organization/messages';
import { Overview } from '@/components/organization/Overview';
import type { Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';

type Messages = OrganizationMessages & NoAccessMessages & Record<'crm.reports.intro.admin' | 'crm.reports.intro.organization', string>;

export function CrmReportsPage({ locale, messages: m }: { locale: Locale; messages: Messages }) {
  const access = useCrmAccess('organization');
  const user = useStore($user);
  const [refused, setRefused] = useState(false);
  if (access === 'pending' || !user) return <CheckingAccess messages={m} />;
  if (access === 'denied' || refused) return <NoAccess locale={locale} messages={m} />;

  const onError = (error: unknown) => {
    if (isForbidden(error)) setRefused(true);
  };
  return (
    <div className="grid gap-6">
      <p className="text-muted-foreground text-sm">{m[user.isAdmin ? 'crm.reports.intro.admin' : 'crm.reports.intro.organization']}</p>
      <div className="bg-background rounded-lg border p-4">
        <Overview locale={locale} messages={m} onError={onError} />
      </div>
      <div className="bg-background rounded-lg border p-4">
        <Learners messages={m} onError={onError} />
      </div>
    </div>
  );
}
