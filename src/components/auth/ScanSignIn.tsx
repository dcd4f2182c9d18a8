/**
 * Scan-code sign-in (`t=scan`) through WeCom or DingTalk, loaded when the tab is first shown.
 * Shows the tool's QR code and a link that opens the tool, renewed when its `state` expires.
 * The tool sends the person back to `/login?t=scan&type=…&code=…&state=…` (DingTalk may name
 * the code `authCode`); this panel then finishes the sign-in.
 */
import { useEffect, useId, useState } from 'react';
import { outcomeOf } from '@/api/outcome';
import type { ScanConfig, ScanType } from '@/api/types';
import { getScanConfig, scanLogin } from '@/api/user-sign-in';
import { finishSignIn, rememberRedirect } from '@/components/auth/finish';
import type { SignInMessages } from '@/components/auth/messages';
import { outlineButton, textLink } from '@/components/ui/button-class';
import { FormAlert } from '@/components/ui/form-fields';
import { TabList, tabPanelProps } from '@/components/ui/tab-list';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { LoaderCircleIcon } from '@/components/layout/icons';

const TYPES: readonly ScanType[] = ['wecom', 'dingtalk'];
const CALLBACK_PARAMS = ['code', 'authCode', 'auth_code', 'state', 'type'];

interface ScanSignInProps {
  locale: Locale;
  messages: SignInMessages;
}

interface Callback {
  type: ScanType;
  code: string;
  state: string;
}

function readCallback(): Callback | undefined {
  const params = new URLSearchParams(location.search);
  const type = params.get('type') as ScanType | null;
  const code = params.get('code') ?? params.get('authCode') ?? params.get('auth_code');
  const state = params.get('state');
  return type && TYPES.includes(type) && code && state ? { type, code, state } : undefined;
}

/** Takes the one-time callback parameters out of the address, so a reload does not reuse them. */
function dropCallbackParams(type: ScanType): void {
  const url = new URL(location.href);
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('type', type);
  history.replaceState(history.state, '', url);
}

type Status = { kind: 'loading' } | { kind: 'ready'; config: ScanConfig } | { kind: 'off' } | { kind: 'failed' };

export function ScanSignIn({ locale, messages }: ScanSignInProps) {
  const idBase = useId();
  const [callback] = useState(readCallback);
  const [type, setType] = useState<ScanType>(() => {
    const wanted = new URLSearchParams(location.search).get('type') as ScanType | null;
    return wanted && TYPES.includes(wanted) ? wanted : 'wecom';
  });
  const [signingIn, setSigningIn] = useState(Boolean(callback));
  const [error, setError] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const tool = messages[`login.scan.${type}`];

  useEffect(() => {
    // The page the person came for is kept while the chat tool has them.
    if (!callback) return rememberRedirect();
    dropCallbackParams(callback.type);
    scanLogin(callback, { isShowErrTip: false })
      .then((result) => finishSignIn(result, locale))
      .catch((e: unknown) => {
        setError(outcomeOf(e).msg || messages['login.scan.failed']);
        setSigningIn(false);
      });
  }, []);

  useEffect(() => {
    if (signingIn) return;
    const controller = new AbortController();
    setStatus({ kind: 'loading' });
    getScanConfig(type, { isShowErrTip: false, signal: controller.signal })
      .then((config) => setStatus(config.enabled ? { kind: 'ready', config } : { kind: 'off' }))
      .catch(() => !controller.signal.aborted && setStatus({ kind: 'failed' }));
    return () => controller.abort();
  }, [type, round, signingIn]);

  useEffect(() => {
    // A QR code whose state has expired cannot sign anyone in: show a fresh one in time.
    if (status.kind !== 'ready' || !status.config.expiresIn) return;
    const timer = setTimeout(() => setRound((n) => n + 1), status.config.expiresIn * 1000);
    return () => clearTimeout(timer);
  }, [status]);

  const choose = (next: ScanType) => {
    setType(next);
    const url = new URL(location.href);
    url.searchParams.set('type', next);
    history.replaceState(history.state, '', url);
  };

  if (signingIn) {
    return (
      <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-10 text-sm">
        <LoaderCircleIcon className="size-4 animate-spin" />
        {messages['login.submitting']}
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      {error && <FormAlert>{error}</FormAlert>}
      <TabList
        idBase={idBase}
        label={messages['login.scan.types']}
        value={type}
        onChange={choose}
        items={TYPES.map((id) => ({ id, label: messages[`login.scan.${id}`] }))}
      />
      <div {...tabPanelProps(idBase, type)}>
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          {status.kind === 'loading' && (
            <div className="bg-muted flex size-48 items-center justify-center rounded-md" aria-busy="true">
              <LoaderCircleIcon className="text-muted-foreground size-5 animate-spin" />
              <span className="sr-only">{messages['login.loading']}</span>
            </div>
          )}
          {status.kind === 'ready' && (
            <>
              <img
                src={status.config.qrImage}
                alt={fill(messages['login.scan.qr'], { tool })}
                className="size-48 rounded-md border bg-white p-2"
              />
              <p className="text-muted-foreground text-sm">{fill(messages['login.scan.hint'], { tool })}</p>
              <a href={status.config.authorizeUrl} className={`${textLink} text-sm`}>
                {fill(messages['login.scan.open'], { tool })}
              </a>
            </>
          )}
          {status.kind === 'off' && (
            <FormAlert tone="info">{fill(messages['login.scan.unavailable'], { tool })}</FormAlert>
          )}
          {(status.kind === 'ready' || status.kind === 'failed') && (
            <button type="button" className={outlineButton} onClick={() => setRound((n) => n + 1)}>
              {messages['login.scan.refresh']}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
