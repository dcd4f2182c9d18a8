/**
 * The frame of the exam pages that show one task or paper (detail, result, marking): the link
 * back, and what shows until the task or paper is loaded.
 */
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import type { MouseEvent, ReactNode } from 'react';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import type { LoadStateMessages } from '@/components/ui/messages';

/** The link back (to the exam centre, or from a paper to the marking list) at the top of an exam page. */
export function BackLink({
  href,
  text,
  onClick,
}: {
  href: string;
  text: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a
      href={href}
      onClick={onClick}
      className="text-primary focus-visible:ring-ring/50 inline-flex items-center gap-1 justify-self-start rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-[3px]"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {text}
    </a>
  );
}

/** The back link over a notice that the page's task or paper is not there (or not the caller's). */
export function NotFoundNotice({ back, text }: { back: ReactNode; text: string }) {
  return (
    <div className="grid gap-4">
      {back}
      <p role="alert" className="bg-card mx-auto max-w-md rounded-xl border p-8 text-center text-lg font-medium">
        {text}
      </p>
    </div>
  );
}

/** What a signed-in exam page shows until its object is loaded: the sign-in prompt, the not-found notice or the load state. */
export function PendingPage({
  signedIn,
  state,
  back,
  notFoundText,
  messages: m,
  onRetry,
}: {
  signedIn: boolean | undefined;
  state: LoadStatus | 'notFound';
  back: ReactNode;
  notFoundText: string;
  messages: LoadStateMessages & Record<'auth.loginFirst' | 'course.signIn', string>;
  onRetry: () => void;
}) {
  if (signedIn === false) return <LoginFirst text={m['auth.loginFirst']} linkText={m['course.signIn']} />;
  if (state === 'notFound') return <NotFoundNotice back={back} text={notFoundText} />;
  return <LoadState status={signedIn ? state : 'loading'} texts={loadTexts(m)} onRetry={onRetry} />;
}
