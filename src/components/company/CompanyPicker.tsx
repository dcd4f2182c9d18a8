/**
 * The enterprise choice (`/company`): the person's enterprises with logo and name, the current
 * one marked. Choosing another moves the session there (a token for it, its branding and
 * navigation) and goes on to `redirect` or the home page with a full page load, so every part
 * of the site starts over in the chosen enterprise. A signed-in person can also create one.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { EnterpriseItem } from '@/api/types';
import { addEnterprise, getEnterpriseList } from '@/api/user-sign-in';
import { afterSignIn } from '@/components/auth/redirect';
import { ENTERPRISE_NAME_MAX, validateEnterpriseName } from '@/components/auth/validate';
import type { CompanyMessages } from '@/components/company/messages';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { outlineButton, primaryButton } from '@/components/ui/button-class';
import { FormAlert, Form, SubmitButton, TextField } from '@/components/ui/form-fields';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $token, switchEnterprise } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

interface CompanyPickerProps {
  locale: Locale;
  messages: CompanyMessages;
}

function next(locale: Locale): string {
  return afterSignIn(new URLSearchParams(location.search).get('redirect'), locale);
}

function AddEnterprise({ messages, onAdded }: { messages: CompanyMessages; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim();
    const key = validateEnterpriseName(value);
    setError(key && messages[key]);
    if (key) return inputRef.current?.focus();
    setPending(true);
    try {
      await addEnterprise({ enterpriseName: value });
      notifySuccess(messages['company.added']);
      setName('');
      onAdded();
    } catch {
      // The client showed the gateway's message.
    }
    setPending(false);
  };

  return (
    <section aria-labelledby="company-add" className="grid gap-4 border-t pt-6">
      <div className="grid gap-1">
        <h2 id="company-add" className="text-base font-semibold">
          {messages['company.add']}
        </h2>
        <p className="text-muted-foreground text-sm">{messages['company.addIntro']}</p>
      </div>
      <Form onSubmit={onSubmit} pending={pending}>
        <TextField
          ref={inputRef}
          label={messages['register.enterpriseName']}
          name="enterpriseName"
          autoComplete="organization"
          maxLength={ENTERPRISE_NAME_MAX}
          required
          placeholder={messages['register.enterpriseNamePlaceholder']}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <SubmitButton
          pending={pending}
          label={messages['company.addSubmit']}
          pendingLabel={messages['company.adding']}
        />
      </Form>
    </section>
  );
}

export function CompanyPicker({ locale, messages }: CompanyPickerProps) {
  const storedToken = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  const signedIn = mounted && Boolean(storedToken);
  const [list, setList] = useState<EnterpriseItem[] | null>(null);
  const [round, setRound] = useState(0);
  const [choosing, setChoosing] = useState<string | null>(null);

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    // Anonymous visitors are on their way to the sign-in page.
    if (!signedIn) return;
    const controller = new AbortController();
    getEnterpriseList({ signal: controller.signal })
      .then(setList)
      .catch(() => !controller.signal.aborted && setList([]));
    return () => controller.abort();
  }, [signedIn, round]);

  const choose = async (item: EnterpriseItem) => {
    setChoosing(item.eid);
    try {
      if (!item.current) await switchEnterprise(item.eid);
      location.assign(next(locale));
    } catch {
      setChoosing(null);
    }
  };

  return (
    <div className="grid gap-6">
      {list && list.length > 1 && <p className="text-muted-foreground text-sm">{messages['company.intro']}</p>}
      {list === null ? (
        <p className="text-muted-foreground flex items-center justify-center gap-2 py-6 text-sm" aria-busy="true">
          <LoaderCircleIcon className="size-4 animate-spin" />
          {messages['login.loading']}
        </p>
      ) : list.length === 0 ? (
        <FormAlert tone="info">{messages['company.empty']}</FormAlert>
      ) : (
        <ul aria-label={messages['company.list']} className="grid gap-3">
          {list.map((item) => (
            <li
              key={item.eid}
              aria-current={item.current ? 'true' : undefined}
              className="aria-[current=true]:border-primary aria-[current=true]:bg-accent/40 flex items-center gap-4 rounded-lg border p-4"
            >
              {item.logo ? (
                <img
                  src={item.logo}
                  alt=""
                  className="size-12 shrink-0 rounded-md border bg-white object-contain p-1"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="bg-muted flex size-12 shrink-0 items-center justify-center rounded-md text-lg font-semibold"
                >
                  {[...item.name][0]}
                </span>
              )}
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{item.name}</span>
                  {item.current && (
                    <span className="bg-primary text-primary-foreground rounded px-1.5 py-0.5 text-xs font-normal">
                      {messages['company.current']}
                    </span>
                  )}
                </p>
                {item.empNo && (
                  <p className="text-muted-foreground text-sm">
                    {fill(messages['company.empNo'], { empNo: item.empNo })}
                  </p>
                )}
              </div>
              <button
                type="button"
                className={item.current ? outlineButton : primaryButton}
                disabled={choosing !== null}
                onClick={() => void choose(item)}
              >
                {choosing === item.eid && <LoaderCircleIcon className="size-4 animate-spin" />}
                {choosing === item.eid ? messages['company.entering'] : messages['company.enter']}
                <span className="sr-only"> {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {signedIn && <AddEnterprise messages={messages} onAdded={() => setRound((n) => n + 1)} />}
    </div>
  );
}
