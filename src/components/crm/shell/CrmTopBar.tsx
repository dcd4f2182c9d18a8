/**
 * The back office's top bar: the company's logo and name (run-time branding, as the learner
 * site's header), the signed-in member, the way back to the learning site, the other language
 * and sign-out. It starts the session once per page, like the learner header: anonymous
 * visitors go to sign in and come back.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ghostButtonSm } from '@/components/ui/button-class';
import type { Messages } from '@/i18n/index';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $user, requireAuth, signOut, startSession, watchVisibility } from '@/stores/session';
import { $site, brandTexts } from '@/stores/site';

export const crmTopBarMessageKeys = ['crm.title', 'crm.backToSite', 'crm.language', 'crm.languageLabel', 'crm.signOut'] as const;

interface CrmTopBarProps {
  locale: Locale;
  /** The page's path without the locale prefix, for the other language's link. */
  path: string;
  messages: Messages<(typeof crmTopBarMessageKeys)[number]>;
}

export function CrmTopBar({ locale, path, messages }: CrmTopBarProps) {
  const site = useStore($site);
  const user = useStore($user);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    if (!requireAuth()) return;
    void startSession();
    return watchVisibility();
  }, []);

  const brand = site ? brandTexts(site, locale === 'en' ? 'en' : 'zh-CN') : undefined;
  const other: Locale = locale === 'en' ? 'zh' : 'en';
  return (
    <div className="mx-auto flex h-14 w-full items-center gap-3 px-4">
      <a href={localizePath('/crm', locale)} className="flex min-w-0 items-center gap-2 font-semibold">
        {mounted && site?.logo ? <img src={site.logo} alt="" className="h-7 w-auto max-w-32 object-contain" /> : null}
        <span className="truncate">{brand?.name}</span>
        <span className="text-muted-foreground shrink-0 border-s ps-2 text-sm font-normal">{messages['crm.title']}</span>
      </a>
      <div className="ms-auto flex items-center gap-1">
        <a href={localizePath('/', locale)} className={ghostButtonSm}>
          {messages['crm.backToSite']}
        </a>
        <a href={localizePath(path, other)} hrefLang={other === 'en' ? 'en' : 'zh-CN'} className={ghostButtonSm}>
          <span className="sr-only">{messages['crm.languageLabel']}: </span>
          <span lang={other === 'en' ? 'en' : 'zh-CN'}>{messages['crm.language']}</span>
        </a>
        {mounted && user ? (
          <>
            <span className="text-muted-foreground hidden px-2 text-sm sm:inline">{user.userName || user.empNo}</span>
            <button
              type="button"
              className={ghostButtonSm}
              onClick={() => void signOut({ callServer: true }).then(() => location.assign(localizePath('/login', locale)))}
            >
              {messages['crm.signOut']}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
