/**
 * The organisation centre (`/account/organization/vod`, and the back office's reports): the
 * overview and the learners' progress and completion, filtered, paged and exported, over an
 * organisation user's department and the ones under it (an administrator's: the whole
 * company). Anonymous visitors are asked to sign in; anyone else signed in sees that the
 * centre is for organisation users only, as they do when the gateway refuses them.
 */
import { useStore } from '@nanostores/react';
import ShieldAlertIcon from 'lucide-react/icons/shield-alert';
import { useState } from 'react';
import { isForbidden } from '@/api/study';
import { Learners } from '@/components/organization/Learners';
import type { OrganizationMessages } from '@/components/organization/messages';
import { Overview } from '@/components/organization/Overview';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { hasRole } from '@/lib/roles';
import { $user } from '@/stores/session';

interface OrganizationCentreProps {
  locale: Locale;
  messages: OrganizationMessages;
}

function OrganisationOnly({ locale, messages: m }: OrganizationCentreProps) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border px-6 py-12 text-center">
      <ShieldAlertIcon aria-hidden="true" className="text-muted-foreground size-8" />
      <p className="text-lg font-medium">{m['organization.only']}</p>
      <p className="text-muted-foreground max-w-prose text-sm">{m['organization.onlyHint']}</p>
      <a
        href={localizePath('/account', locale)}
        className="text-primary focus-visible:ring-ring/50 rounded text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
      >
        {m['organization.backToAccount']}
      </a>
    </div>
  );
}

export function OrganizationCentre({ locale, messages: m }: OrganizationCentreProps) {
  const signedIn = useSignedIn();
  const user = useStore($user);
  const [refused, setRefused] = useState(false);

  if (signedIn === undefined) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!signedIn) return <LoginFirst text={m['auth.loginFirst']} linkText={m['study.signIn']} />;
  if (refused || (user && !hasRole(user, 'organization'))) return <OrganisationOnly locale={locale} messages={m} />;

  const onError = (error: unknown) => {
    if (isForbidden(error)) setRefused(true);
  };
  return (
    <div className="grid gap-8">
      <Overview locale={locale} messages={m} onError={onError} />
      <Learners messages={m} onError={onError} />
    </div>
  );
}
