import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HeaderMessages } from '@/components/header/messages';
import { buildNav, NAV_VISIBLE } from '@/components/header/nav';
import { PendingTrigger } from '@/components/header/PendingTrigger';
import { SearchBox } from '@/components/header/SearchBox';
import { useMenus } from '@/components/header/use-menus';
import { UserBadge } from '@/components/header/UserBadge';
import { LanguagesIcon, MenuIcon } from '@/components/layout/icons';
import { ghostButton, ghostButtonDefault, primaryButtonSm } from '@/components/ui/button-class';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { loginPath } from '@/lib/login-path';
import { setLocale } from '@/stores/locale';
import { $sessionStatus, $user, requireAuth, routeNeedsAuth, startSession, watchVisibility } from '@/stores/session';
import { $nav, $site, brandTexts } from '@/stores/site';

interface HeaderProps {
  locale: Locale;
  messages: HeaderMessages;
}

type MenuId = 'nav' | 'user';
type CentresModule = typeof import('@/components/header/HeaderCentres');

/** Back-office route, opened in a new tab for admins ("Admin") and others ("My upload"). */
const BACK_OFFICE = '/crm/';
/** userType of lecturers, who carry the lecturer flag. */
const LECTURER = 2;

const navLinkClass =
  'hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-primary aria-[current=page]:after:bg-primary relative inline-flex h-9 items-center rounded-md px-2 xl:px-3 text-sm font-medium whitespace-nowrap after:absolute after:inset-x-2 xl:after:inset-x-3 after:-bottom-[11px] after:h-0.5 focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]';

/**
 * The top bar (spec section 2): the tenant's logo and name, the server's navigation, search,
 * and the user's entries. Starts the session once per page; pages that need a user send
 * anonymous visitors to sign in.
 */
export function Header({ locale, messages }: HeaderProps) {
  const site = useStore($site);
  const navItems = useStore($nav);
  const status = useStore($sessionStatus);
  const user = useStore($user);
  const [menus, wantMenus] = useMenus();
  const [openRequest, setOpenRequest] = useState<MenuId | null>(null);
  const focused = useRef<MenuId | null>(null);
  // The session and the path are known only in the browser: until then the user area keeps
  // its place empty, so the server's markup and the first render agree.
  const [mounted, setMounted] = useState(false);
  const [pathname, setPathname] = useState('/');
  const [centres, setCentres] = useState<CentresModule>();

  useEffect(() => {
    setMounted(true);
    setPathname(location.pathname);
    if (routeNeedsAuth() && !requireAuth()) return;
    void startSession();
    return watchVisibility();
  }, []);

  // The download centre and the message badge (with the unread stream) load once the browser
  // is idle after sign-in; unmounted on sign-out, they stop.
  useEffect(() => {
    if (status === 'signed-in') {
      (window.requestIdleCallback || setTimeout)(() => import('@/components/header/HeaderCentres').then(setCentres));
    }
  }, [status]);

  const brand = site ? brandTexts(site, locale === 'en' ? 'en' : 'zh-CN') : undefined;
  const nav = useMemo(() => buildNav(navItems, pathname, locale), [navItems, pathname, locale]);
  const links = [...nav.visible, ...nav.more];
  const other: Locale = locale === 'en' ? 'zh' : 'en';

  const standIn = (id: MenuId) => ({
    onIntent: wantMenus,
    onRequestOpen: () => {
      wantMenus();
      setOpenRequest(id);
    },
    onFocusCapture: () => (focused.current = id),
    onBlurCapture: () => (focused.current = null),
  });
  const menuState = (id: MenuId) => ({ defaultOpen: openRequest === id, focusTrigger: focused.current === id });

  const navTriggerClass = `${ghostButtonDefault} ${nav.more.length ? '' : 'lg:hidden'}`;
  const navTrigger = (
    <>
      <MenuIcon className="size-4 lg:hidden" />
      <span className="max-sm:sr-only lg:hidden">{messages['header.menu']}</span>
      <span className="hidden lg:inline">{messages['header.more']}</span>
    </>
  );

  const userName = user?.userName || user?.empNo || '';
  const userTriggerClass = `${ghostButton} h-9 gap-2 px-2`;
  // Named by its content (a hidden "User menu:" before the shown name), so the name includes what is shown.
  const userTrigger = <UserBadge name={userName} label={messages['header.userMenu']} avatar={user?.headPortrait} />;

  return (
    <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <a
          href={localizePath('/', locale)}
          className="focus-visible:ring-ring/50 flex min-w-0 shrink-0 items-center gap-2 rounded-md outline-none focus-visible:ring-[3px]"
        >
          <img data-brand="logo" src={site?.logo || undefined} alt="" width={96} height={32} className="h-8 w-auto max-w-24 object-contain sm:max-w-32" />
          {/* The name gives way to the navigation on wide screens and to the user's entries on phones. */}
          <span data-brand="name" className="hidden max-w-48 truncate text-base font-semibold md:inline lg:hidden">
            {brand?.name}
          </span>
          <span className="sr-only"> {messages['header.home']}</span>
        </a>

        <nav aria-label={messages['header.nav']} className="flex min-w-0 flex-1 items-center">
          <ul className="hidden items-center gap-1 lg:flex">
            {nav.visible.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  aria-current={link.current ? 'page' : undefined}
                  target={link.newTab ? '_blank' : undefined}
                  rel={link.newTab ? 'noopener noreferrer' : undefined}
                  className={navLinkClass}
                >
                  {link.title}
                  {link.newTab && <span className="sr-only">{messages['header.newTab']}</span>}
                </a>
              </li>
            ))}
          </ul>
          {links.length > 0 &&
            (menus ? (
              <menus.NavMenu
                links={links}
                inBar={NAV_VISIBLE}
                newTabLabel={messages['header.newTab']}
                triggerClassName={navTriggerClass}
                trigger={navTrigger}
                {...menuState('nav')}
              />
            ) : (
              <PendingTrigger className={navTriggerClass} {...standIn('nav')}>
                {navTrigger}
              </PendingTrigger>
            ))}
        </nav>

        <SearchBox
          locale={locale}
          messages={{
            search: messages['header.search'],
            label: messages['header.searchLabel'],
            placeholder: messages['header.searchPlaceholder'],
            empty: messages['header.searchEmpty'],
          }}
        />

        <div className="flex min-w-8 items-center gap-1">
          {mounted && status === 'anonymous' && (
            <>
              <button type="button" className={ghostButtonDefault} onClick={() => setLocale(other)}>
                <LanguagesIcon />
                <span className="sr-only">{messages['lang.switch']}: </span>
                <span lang={other === 'en' ? 'en' : 'zh-CN'}>{messages[`lang.${other}`]}</span>
              </button>
              <a href={loginPath(pathname)} className={primaryButtonSm}>
                {messages['header.signIn']}
              </a>
            </>
          )}
          {mounted && status === 'signed-in' && user && (
            <>
              {user.userType === LECTURER && (
                <span className="bg-accent text-accent-foreground me-2 inline-flex items-center rounded-full px-2.5 py-0.5 text-xs leading-5 font-medium whitespace-nowrap">
                  {messages['account.lecturer']}
                </span>
              )}
              {centres ? <centres.HeaderCentres locale={locale} messages={messages} /> : <span className="w-19" />}
              <a
                href={localizePath(BACK_OFFICE, locale)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${ghostButtonDefault} max-xl:hidden`}
              >
                {user.isAdmin ? messages['header.admin'] : messages['header.upload']}
                <span className="sr-only">{messages['header.newTab']}</span>
              </a>
              {menus ? (
                <menus.UserMenu
                  locale={locale}
                  userName={userName}
                  isAdmin={user.isAdmin}
                  userType={user.userType}
                  backOffice={localizePath(BACK_OFFICE, locale)}
                  messages={messages}
                  triggerClassName={userTriggerClass}
                  trigger={userTrigger}
                  {...menuState('user')}
                />
              ) : (
                <PendingTrigger className={userTriggerClass} {...standIn('user')}>
                  {userTrigger}
                </PendingTrigger>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The layout's account dialog host, a separate island (`client:idle`) whose module is this
 * one: both islands then share one chunk, so the host adds its own few hundred bytes to a
 * page and no extra module or split of the shared chunks.
 */
export { AccountDialogs } from '@/components/account/AccountDialogs';
