/**
 * The single sign-on page (`/loginsso`). Coming back from the identity provider with `code`
 * and `state`, it signs in (loginBySso) and goes on; a refusal or a provider error is shown
 * with a way to start again. Opened without a code, it offers to start SSO.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { outcomeOf } from '@/api/outcome';
import { loginBySso } from '@/api/user-sign-in';
import { finishSignIn } from '@/components/auth/finish';
import type { SsoMessages } from '@/components/auth/messages';
import { textLink } from '@/components/ui/button-class';
import { FormAlert } from '@/components/ui/form-fields';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { LoaderCircleIcon } from '@/components/layout/icons';

interface SsoCallbackProps {
  locale: Locale;
  messages: SsoMessages;
}

type Phase = 'idle' | 'signing-in' | 'failed' | 'start';

const SsoButton = lazy(() => import('@/components/auth/SsoButton').then((m) => ({ default: m.SsoButton })));

const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'iss', 'session_state'];

export function SsoCallback({ locale, messages }: SsoCallbackProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState('');

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const state = params.get('state');
    const providerError = params.get('error');
    if (code || state || providerError) {
      // One-time values: a reload must not send them again.
      const url = new URL(location.href);
      for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
      history.replaceState(history.state, '', url);
    }
    if (providerError || ((code || state) && !(code && state))) {
      setError(params.get('error_description') || messages['login.sso.failed']);
      setPhase('failed');
      return;
    }
    if (!code || !state) {
      setPhase('start');
      return;
    }
    setPhase('signing-in');
    loginBySso({ code, state }, { isShowErrTip: false })
      .then((result) => finishSignIn(result, locale))
      .catch((e: unknown) => {
        setError(outcomeOf(e).msg || messages['login.sso.failed']);
        setPhase('failed');
      });
  }, []);

  return (
    <div className="grid gap-4" aria-busy={phase === 'idle' || phase === 'signing-in'}>
      {(phase === 'idle' || phase === 'signing-in') && (
        <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-6 text-sm">
          <LoaderCircleIcon className="size-4 animate-spin" />
          {phase === 'signing-in' ? messages['login.sso.signingIn'] : messages['login.loading']}
        </p>
      )}
      {phase === 'failed' && (
        <FormAlert>
          <p className="font-medium">{messages['login.sso.failed']}</p>
          {error !== messages['login.sso.failed'] && <p>{error}</p>}
        </FormAlert>
      )}
      {(phase === 'failed' || phase === 'start') && (
        <Suspense fallback={null}>
          <SsoButton messages={messages} showUnavailable />
        </Suspense>
      )}
      {phase !== 'signing-in' && (
        <a href={`${localizePath('/login', locale)}?t=login`} className={`${textLink} text-center text-sm`}>
          {messages['login.sso.back']}
        </a>
      )}
    </div>
  );
}
