/**
 * The sign-in island of `/login` and its older variants. The query's `t` picks the way
 * (`login` employee number and password, `phone` phone and password, `code` phone and SMS code,
 * `scan` scan code); choosing a tab writes `t` back to the address. The password forms ship with
 * the page; the code, scan and SSO parts load when first needed.
 */
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import type { SignInMessages } from '@/components/auth/messages';
import { PasswordSignIn } from '@/components/auth/PasswordSignIn';
import { textLink } from '@/components/ui/button-class';
import { TabList, tabPanelProps } from '@/components/ui/tab-list';
import { localizePath, locales, type Locale } from '@/i18n/locale-path';
import { LoaderCircleIcon } from '@/components/layout/icons';

const CodeSignIn = lazy(() => import('@/components/auth/CodeSignIn').then((m) => ({ default: m.CodeSignIn })));
const ScanSignIn = lazy(() => import('@/components/auth/ScanSignIn').then((m) => ({ default: m.ScanSignIn })));
const SsoButton = lazy(() => import('@/components/auth/SsoButton').then((m) => ({ default: m.SsoButton })));

export type SignInMode = 'login' | 'phone' | 'code' | 'scan';

/** The sign-in pages and the ways each offers, the first being its default. */
export const signInVariants = {
  /** `/login`: every way, employee number first. */
  login: { modes: ['login', 'phone', 'code', 'scan'], sso: true },
  /** `/login_v1`: employee number only. */
  loginV1: { modes: ['login'], sso: false },
  /** `/login_v2`: phone first. */
  loginV2: { modes: ['phone', 'code', 'login'], sso: true },
  /** `/login_v3`: SMS code first. */
  loginV3: { modes: ['code', 'phone', 'login'], sso: true },
  /** `/login_v4`: scan first. */
  loginV4: { modes: ['scan', 'login', 'phone', 'code'], sso: true },
  /** `/loginOld`: the classic all-in-one page. */
  loginOld: { modes: ['login', 'phone', 'code', 'scan'], sso: true },
} as const satisfies Record<string, { modes: readonly SignInMode[]; sso: boolean }>;

export type SignInVariant = keyof typeof signInVariants;

interface SignInProps {
  variant: SignInVariant;
  locale: Locale;
  /** The page's path without the language prefix: `/login`. */
  path: string;
  messages: SignInMessages;
}

function Loading({ label }: { label: string }) {
  return (
    <p className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm" aria-busy="true">
      <LoaderCircleIcon className="size-4 animate-spin" />
      {label}
    </p>
  );
}

export function SignIn({ variant, locale, path, messages }: SignInProps) {
  const modes: readonly SignInMode[] = signInVariants[variant].modes;
  const idBase = useId();
  const [mode, setMode] = useState<SignInMode>(modes[0]!);
  // Lazily loaded parts render only in the browser, so the built HTML holds no pending parts.
  const [mounted, setMounted] = useState(false);
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const wanted = params.get('t') as SignInMode | null;
    if (wanted && modes.includes(wanted)) setMode(wanted);
    // Sent here from a page that needs a user.
    setAskedToSignIn(params.has('redirect'));
    setMounted(true);
  }, []);

  const choose = (next: SignInMode) => {
    setMode(next);
    const url = new URL(location.href);
    url.searchParams.set('t', next);
    history.replaceState(history.state, '', url);
  };

  const later = (node: ReactNode) =>
    mounted ? (
      <Suspense fallback={<Loading label={messages['login.loading']} />}>{node}</Suspense>
    ) : (
      <Loading label={messages['login.loading']} />
    );

  const panel =
    mode === 'login' || mode === 'phone' ? (
      <PasswordSignIn key={mode} by={mode === 'login' ? 'empNo' : 'phone'} locale={locale} messages={messages} />
    ) : mode === 'code' ? (
      later(<CodeSignIn locale={locale} messages={messages} />)
    ) : (
      later(<ScanSignIn locale={locale} messages={messages} />)
    );

  return (
    <div className="grid gap-6">
      <div className="flex justify-end gap-1 text-sm" role="group" aria-label={messages['lang.switch']}>
        {/* Links, so they work before the island hydrates; the page's inline script keeps the query and sets the cookie. */}
        {locales.map((code) =>
          code === locale ? (
            <span key={code} lang={code === 'en' ? 'en' : 'zh-CN'} aria-current="true" className="text-foreground rounded-sm px-2 py-1 font-medium">
              {messages[`lang.${code}`]}
            </span>
          ) : (
            <a
              key={code}
              href={localizePath(path, code)}
              data-lang-switch={code}
              lang={code === 'en' ? 'en' : 'zh-CN'}
              hrefLang={code === 'en' ? 'en' : 'zh-CN'}
              className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-sm px-2 py-1 outline-none focus-visible:ring-[3px]"
            >
              {messages[`lang.${code}`]}
            </a>
          ),
        )}
      </div>

      {askedToSignIn && (
        <p role="status" className="bg-muted rounded-md px-3 py-2 text-sm">
          {messages['auth.loginFirst']}
        </p>
      )}

      {modes.length > 1 ? (
        <div className="grid gap-4">
          <TabList
            idBase={idBase}
            label={messages['login.modes']}
            value={mode}
            onChange={choose}
            items={modes.map((id) => ({ id, label: messages[`login.mode.${id}`] }))}
          />
          <div {...tabPanelProps(idBase, mode)}>{panel}</div>
        </div>
      ) : (
        panel
      )}

      {signInVariants[variant].sso && mounted && (
        <Suspense fallback={null}>
          <SsoButton messages={messages} divided />
        </Suspense>
      )}

      <div className="flex justify-between text-sm">
        <a href={localizePath('/forget', locale)} className={textLink}>
          {messages['login.forget']}
        </a>
        <a href={localizePath('/register', locale)} className={textLink}>
          {messages['login.register']}
        </a>
      </div>

      <p className="text-muted-foreground text-xs">
        {messages['login.agreementPrefix']}{' '}
        <a href={localizePath('/agreement', locale)} className="text-foreground underline underline-offset-4">
          {messages['route.agreement']}
        </a>
      </p>
    </div>
  );
}
