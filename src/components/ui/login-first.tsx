/**
 * 'Please login first!' (spec sections 6, 8) with a link to the sign-in page in the page's
 * language that comes back here afterwards.
 */
import { LockIcon } from '@/components/layout/icons';
import { loginPath } from '@/lib/login-path';

interface LoginFirstProps {
  /** 'Please login first!' */
  text: string;
  /** The link's text ('Sign in'). */
  linkText: string;
  /**
   * Where it stands: `page` (default), the content of a page or block; `inline`, beside an
   * action; `notice`, an alert card in place of a page; `stage`, an alert in place of a player.
   */
  look?: 'page' | 'inline' | 'notice' | 'stage';
}

/** The sign-in page for this page, returning here. */
export function signInHref(): string {
  if (typeof location === 'undefined') return '/login?t=login';
  return loginPath(location.pathname, `${location.pathname}${location.search}`);
}

const blockLink =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 rounded-md px-5 py-2 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]';

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
  if (look === 'stage') {
    return (
      <div role="alert" className="bg-muted flex min-h-64 flex-col items-center justify-center gap-4 rounded-lg p-8 text-center">
        <p className="font-medium">{text}</p>
        <a
          className="bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px]"
          href={signInHref()}
        >
          {linkText}
        </a>
      </div>
    );
  }
  if (look === 'notice') {
    return (
      <div role="alert" className="bg-card mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border p-8 text-center">
        <p className="text-lg font-medium">{text}</p>
        <a href={signInHref()} className={blockLink}>
          {linkText}
        </a>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border px-6 py-12 text-center">
      <LockIcon aria-hidden="true" className="text-muted-foreground size-8" />
      <p className="text-lg font-medium">{text}</p>
      <a href={signInHref()} className={blockLink}>
        {linkText}
      </a>
    </div>
  );
}
