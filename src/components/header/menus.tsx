/**
 * The header's dropdown menus, loaded on first intent (see use-menus.ts). Each renders its
 * trigger with the same look as the plain stand-in it replaces, takes focus if the stand-in
 * had it, and opens at once if the user already activated the stand-in.
 */
import { Building2, KeyRound, Languages, LogOut, UserPen } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { RequestedDialog } from '@/components/account/dialog-rules';
import type { HeaderMessages } from '@/components/header/messages';
import type { NavLink } from '@/components/header/nav';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { loginPath } from '@/lib/login-path';
import { setLocale } from '@/stores/locale';
import { signOut } from '@/stores/session';

/** userType of organisation users. */
const ORGANISATION = 3;

/**
 * A link that opens an account dialog on the current page (the layout's dialog host reads
 * the hash). Built here rather than imported, so this lazily loaded menu adds no module to
 * what every page loads.
 */
const dialogHref = (dialog: RequestedDialog) => `#${dialog}`;

interface MenuBaseProps {
  /** Open on mount: the user activated the stand-in before this code arrived. */
  defaultOpen: boolean;
  /** Focus the trigger on mount: the stand-in had focus. */
  focusTrigger: boolean;
  triggerClassName: string;
  triggerLabel?: string;
  trigger: ReactNode;
}

function useFocusOnMount(focus: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Once, on mount: the stand-in hands its focus over.
    if (focus) ref.current?.focus();
  }, []);
  return ref;
}

interface NavMenuProps extends MenuBaseProps {
  links: NavLink[];
  /** How many leading links the bar shows on wide screens (hidden here there). */
  inBar: number;
  newTabLabel: string;
}

/** "More" on wide screens (the links after the first six); every link on narrow screens. */
export function NavMenu({ links, inBar, newTabLabel, defaultOpen, focusTrigger, triggerClassName, triggerLabel, trigger }: NavMenuProps) {
  const triggerRef = useFocusOnMount(focusTrigger);
  return (
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger ref={triggerRef} className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        {links.map((link, index) => (
          <DropdownMenuItem key={link.key} asChild className={index < inBar ? 'lg:hidden' : undefined}>
            <a
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              target={link.newTab ? '_blank' : undefined}
              rel={link.newTab ? 'noopener noreferrer' : undefined}
              className="aria-[current=page]:text-primary aria-[current=page]:font-medium"
            >
              {link.title}
              {link.newTab && <span className="sr-only">{newTabLabel}</span>}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface UserMenuProps extends MenuBaseProps {
  locale: Locale;
  userName: string;
  isAdmin: boolean;
  /** 1 normal, 2 lecturer, 3 organisation (which gets the organisation centre). */
  userType: number;
  /** The back office, opened in a new tab; the bar shows it on wide screens only. */
  backOffice: string;
  messages: HeaderMessages;
}

/**
 * The signed-in user's menu: account pages, the profile and change-password dialogs, the
 * organisation centre (userType 3), the back office, the language toggle and sign-out.
 */
export function UserMenu({ locale, userName, isAdmin, userType, backOffice, messages, defaultOpen, focusTrigger, triggerClassName, triggerLabel, trigger }: UserMenuProps) {
  const triggerRef = useFocusOnMount(focusTrigger);
  const account = localizePath('/account', locale);
  const other: Locale = locale === 'en' ? 'zh' : 'en';
  const items: Array<[string, string]> = [
    [messages['menu.account'], account],
    [messages['menu.company'], localizePath('/company', locale)],
    [messages['menu.points'], `${account}?change=3&recordType=1`],
    [messages['menu.certificate'], `${account}?change=3&recordType=2`],
    [messages['menu.task'], `${account}?change=1`],
    [messages['menu.card'], `${account}?change=3`],
    [messages['menu.train'], `${account}?change=2`],
  ];

  const logout = async () => {
    await signOut({ callServer: true });
    location.assign(loginPath(location.pathname));
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger ref={triggerRef} className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        <DropdownMenuLabel className="truncate">{userName}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map(([label, href]) => (
          <DropdownMenuItem key={href} asChild>
            <a href={href}>{label}</a>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href={dialogHref('profile')}>
            <UserPen aria-hidden="true" />
            {messages['account.profile']}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={dialogHref('password')}>
            <KeyRound aria-hidden="true" />
            {messages['account.changePassword']}
          </a>
        </DropdownMenuItem>
        {userType === ORGANISATION && (
          <DropdownMenuItem asChild>
            <a href={localizePath('/account/organization/vod', locale)}>
              <Building2 aria-hidden="true" />
              {messages['account.organization']}
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild className="lg:hidden">
          <a href={backOffice} target="_blank" rel="noopener noreferrer">
            {isAdmin ? messages['header.admin'] : messages['header.upload']}
            <span className="sr-only">{messages['header.newTab']}</span>
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => setLocale(other)} lang={other === 'en' ? 'en' : 'zh-CN'}>
          <Languages aria-hidden="true" />
          {messages[`lang.${other}`]}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          {messages['menu.logout']}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
