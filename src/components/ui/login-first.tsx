/**
 * 'Please login first!' (spec sections 6, 8) with a link to the sign-in page in the page's
 * language that comes back here afterwards.
 */
import { LockIcon } from '@/components/layout/icons';
import { loginPath } from '@/lib/login-path';

/**
 * Where it stands: `page` (the default), the content of a page or block; `notice`, an alert card
 * in place of a page; `stage`, an alert in place of a player; `inline`, a sentence beside an action.
 */
type Look = 'page' | 'notice' | 'stage' | 'inline';

interface LoginFirstProps {
  /** 'Please login first!' */
  text: string;
  /** The link's text ('Sign in'). */
  linkText: string;
  look?: Look;
}

/** The sign-in page for this page, returning here. */
export function signInHref(): string {
  if (typeof location === 'undefined') return '/login?t=login';
  return loginPath(location.pathname, `${location.pathname}${location.search}`);
}

const button =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 rounded-md px-5 py-2 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]';

/** Role, box, text and link of each block look. */
const LOOKS: Record<Exclude<Look, 'inline'>, [role: string, box: string, text: string, link: string]> = {
  page: ['status', 'flex flex-col items-center gap-4 rounded-xl border px-6 py-12 text-center', 'text-lg font-medium', button],
  notice: [
    'alert',
    'bg-card mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border p-8 text-center',
    'text-lg font-medium',
    button,
  ],
  stage: [
    'alert',
    'bg-muted flex min-h-64 flex-col items-center justify-center gap-4 rounded-lg p-8 text-center',
    'font-medium',
    'bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px]',
  ],
};

export function LoginFirst({ text, linkText, look = 'page' }: LoginFirstProps) {
  if (look === 'inline') {
    return (
      <p className="text-muted-foreground text-sm">
        {text}{' '}
        <a href={signInHref()} className="text-primary font-medium underline underline-offset-4">
          {linkText}
        </a>
      </p>
    );
  }
  const [role, box, textClass, link] = LOOKS[look];
  return (
    <div role={role} className={box}>
      {look === 'page' && <LockIcon aria-hidden="true" className="text-muted-foreground size-8" />}
      <p className={textClass}>{text}</p>
      <a href={signInHref()} className={link}>
        {linkText}
      </a>
    </div>
  );
}
