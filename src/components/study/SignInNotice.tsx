/** 'Please login first!' with a link to the sign-in page that brings the visitor back. */
import type { SignInMessages } from '@/components/study/messages';
import { loginPath } from '@/lib/login-path';

export function SignInNotice({ messages: m }: { messages: SignInMessages }) {
  const here = typeof location === 'undefined' ? '/' : location.pathname;
  const back = typeof location === 'undefined' ? undefined : location.pathname + location.search;
  return (
    <div
      role="alert"
      className="bg-card mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border p-8 text-center"
    >
      <p className="text-lg font-medium">{m['auth.loginFirst']}</p>
      <a
        href={loginPath(here, back)}
        className="bg-primary text-primary-foreground focus-visible:ring-ring/50 rounded-md px-5 py-2 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
      >
        {m['study.signIn']}
      </a>
    </div>
  );
}
