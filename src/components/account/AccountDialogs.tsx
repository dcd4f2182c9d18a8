import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { pickDialog, requestedByHash, type RequestedDialog } from '@/components/account/dialog-rules';
import type { AccountMessages } from '@/components/account/messages';
import type { Locale } from '@/i18n/locale-path';
import { isSignInPage } from '@/lib/login-path';
import { $user } from '@/stores/session';

// Loaded on first render, that is only when a dialog must open; a failed chunk is left to
// the chunk-reload guard.
const AccountDialog = lazy(() => import('@/components/account/dialogs').then((mod) => ({ default: mod.AccountDialog })));

interface AccountDialogsProps {
  locale: Locale;
  messages: AccountMessages;
}

/**
 * The layout's dialog host (spec sections 2 and 4): the forced change-password dialog and the
 * supplementary-information dialog, driven by the session's user, and the profile and
 * change-password dialogs the user asks for with a `#profile` or `#password` link. It loads
 * the dialogs' code only when one must open, so pages pay nothing for them until then.
 */
export function AccountDialogs({ locale, messages }: AccountDialogsProps) {
  const user = useStore($user);
  const [supplementClosed, setSupplementClosed] = useState(false);
  const [requested, setRequested] = useState<RequestedDialog | null>(null);
  // The page's path is known only in the browser; until then nothing opens, as on the server.
  const [path, setPath] = useState<string>();

  useEffect(() => {
    const read = () => setRequested(requestedByHash(location.hash));
    read();
    setPath(location.pathname);
    addEventListener('hashchange', read);
    return () => removeEventListener('hashchange', read);
  }, []);

  const dialog = pickDialog({ user, supplementClosed, requested, onSignInPage: !path || isSignInPage(path) });
  if (!dialog || !user) return null;

  const close = () => {
    if (dialog === 'supplement') return setSupplementClosed(true);
    // Drops the dialog's hash without a new history entry or a jump.
    history.replaceState(history.state, '', location.pathname + location.search);
    setRequested(null);
  };

  return (
    <Suspense>
      <AccountDialog dialog={dialog} user={user} locale={locale} messages={messages} onClose={close} />
    </Suspense>
  );
}
