/**
 * 'Please login first!' (spec sections 6, 8) with a link to the sign-in page in the page's
 * language that comes back here afterwards.
 */
import LockIcon from 'lucide-react/icons/lock';
import { loginPath } from '@/lib/login-path';

interface LoginFirstProps {
  /** 'Please login first!' */
  text: string;
  /** The link's text ('Sign in'). */
  linkText: string;
  /** Inline (beside an action) rather than a page block. */
  compact?: boolean;
}

/** The sign-in page for this page, returning here. */
export function signInHref(): string {
  if (typeof location === 'undefined') return '/login?t=login';
  return loginPath(location.pathname, `${location.pathname}${location.search}`);
}

export function LoginFirst({ text, linkText, compact }: LoginFirstProps) {
  if (compact) {
    return (
      <p className="text-muted-foreground text-sm">
        {text}{' '}
        <a href={signInHref()} className="text-primary font-medium underline underline-offset-4">
          {linkText}
        </a>
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border px-6 py-12 text-center">
      <LockIcon aria-hidden="true" className="text-muted-foreground size-8" />
      <p className="text-lg font-medium">{text}</p>
      <a
        href={signInHref()}
        className="bg-primary text-primary-foreground focus-visible:ring-ring/50 rounded-md px-5 py-2 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
      >
        {linkText}
      </a>
    </div>
  );
}
