/**
 * "Sign in with <provider>" when the tenant has single sign-on: the browser goes to the
 * provider, which sends it back to `/loginsso`. Renders nothing while the configuration loads
 * or when SSO is not set up, unless `showUnavailable`.
 */
import { useEffect, useState } from 'react';
import { outcomeOf } from '@/api/outcome';
import type { SsoConfig } from '@/api/types';
import { getSsoConfig } from '@/api/user-sign-in';
import { rememberRedirect } from '@/components/auth/finish';
import type { SsoMessages } from '@/components/auth/messages';
import { outlineButton } from '@/components/ui/button-class';
import { FormAlert } from '@/components/ui/form-fields';
import { fill } from '@/i18n/fill';

interface SsoButtonProps {
  messages: SsoMessages;
  /** Say so when SSO is not set up (the SSO page); elsewhere nothing shows. */
  showUnavailable?: boolean;
  /** A divider with "Other ways to sign in" above the button (under a sign-in form). */
  divided?: boolean;
}

export function SsoButton({ messages, showUnavailable = false, divided = false }: SsoButtonProps) {
  const [config, setConfig] = useState<SsoConfig | null | undefined>();
  const [leaving, setLeaving] = useState(false);
  /** Why the configuration could not be read (the provider is down, …). */
  const [failure, setFailure] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getSsoConfig({ isShowErrTip: false, signal: controller.signal })
      .then(setConfig)
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(outcomeOf(e).msg);
        setConfig(null);
      });
    return () => controller.abort();
  }, []);

  if (config === undefined) return null;
  if (!config?.enabled || !config.authorizeUrl) {
    if (!showUnavailable) return null;
    return failure ? (
      <FormAlert>{failure}</FormAlert>
    ) : (
      <FormAlert tone="info">{messages['login.sso.unavailable']}</FormAlert>
    );
  }

  const start = () => {
    setLeaving(true);
    rememberRedirect();
    location.assign(config.authorizeUrl);
  };

  return (
    <div className="grid gap-3">
      {divided && (
        <p className="text-muted-foreground flex items-center gap-3 text-xs before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {messages['login.sso.other']}
        </p>
      )}
      <button type="button" className={`${outlineButton} w-full`} disabled={leaving} onClick={start}>
        {fill(messages['login.sso.button'], { name: config.name })}
      </button>
    </div>
  );
}
