/**
 * The back office's start page: administrators, lecturers and organisation users see the pages
 * of their roles by group; every other member sees their uploads, which is all they may use.
 */
import { useStore } from '@nanostores/react';
import { crmGroups, navAreas } from '@/components/crm/shell/areas';
import { CheckingAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import type { CrmHomeMessages } from '@/components/crm/home/messages';
import { MyUploads } from '@/components/crm/home/MyUploads';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import type { RouteId } from '@/i18n/routes';
import { LECTURER_USER_TYPE, type RoleHolder } from '@/lib/roles';
import { $user } from '@/stores/session';

interface CrmHomeProps {
  locale: Locale;
  messages: CrmHomeMessages;
  /** Each page's title and localized path, by route id. */
  links: Partial<Record<RouteId, { title: string; href: string }>>;
}

/** What the start page says a member may do here: all of it, their teaching, or their reports. */
function welcomeKey(user: RoleHolder): 'crm.welcome.intro' | 'crm.welcome.lecturer' | 'crm.welcome.organization' {
  if (user.isAdmin) return 'crm.welcome.intro';
  return user.userType === LECTURER_USER_TYPE ? 'crm.welcome.lecturer' : 'crm.welcome.organization';
}

export function CrmHome({ locale, messages, links }: CrmHomeProps) {
  const access = useCrmAccess(undefined);
  const user = useStore($user);
  if (access === 'pending' || !user) return <CheckingAccess messages={messages} />;
  const areas = navAreas(user).filter((a) => a.group !== 'mine');
  const name = user.userName || user.empNo;
  if (areas.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p>{fill(messages['crm.welcome'], { name })} {messages['crm.welcome.member']}</p>
        <MyUploads locale={locale} messages={messages} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p>{fill(messages['crm.welcome'], { name })} {messages[welcomeKey(user)]}</p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {crmGroups
          .filter((g) => g !== 'mine' && areas.some((a) => a.group === g))
          .map((group) => (
            <section key={group} className="bg-background rounded-lg border p-4">
              <h2 className="mb-2 font-medium">{messages[`crm.group.${group}`]}</h2>
              <ul className="flex flex-col gap-1 text-sm">
                {areas
                  .filter((a) => a.group === group)
                  .map((a) => (
                    <li key={a.id}>
                      <a href={links[a.id]?.href} className="text-primary underline-offset-4 hover:underline">
                        {links[a.id]?.title}
                      </a>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
      </div>
    </div>
  );
}
