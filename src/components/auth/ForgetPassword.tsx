/**
 * Forgotten password (`/forget`), two ways. By phone: image captcha, SMS code (scene `reset`),
 * checked before the new password is asked for, then resetPassword. By mail: the employee
 * number gets a link by mail (the answer reads the same whether or not the account exists);
 * the link opens this page with `?mailToken=`, which asks for the new password.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { ResetPasswordBody } from '@/api/types';
import { checkVerificationCode, resetPassword, resetPasswordMail } from '@/api/user-sign-in';
import type { ForgetMessages, PasswordTexts } from '@/components/auth/messages';
import {
  checkNewPassword,
  NewPasswordFields,
  type NewPasswordErrors,
  type NewPasswordValue,
} from '@/components/auth/NewPasswordFields';
import { PhoneCodeForm, type PhoneCodeProof } from '@/components/auth/PhoneCodeForm';
import { EMP_NO_MAX, validateEmpNo } from '@/components/auth/validate';
import { textLink } from '@/components/ui/button-class';
import { FormAlert, Form, SubmitButton, TextField } from '@/components/ui/form-fields';
import { TabList, tabPanelProps } from '@/components/ui/tab-list';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface ForgetPasswordProps {
  locale: Locale;
  messages: ForgetMessages;
  passwordTexts: PasswordTexts;
}

type Way = 'phone' | 'mail';
type Proof = PhoneCodeProof | { mailToken: string };

/** Step two of both ways: the new password, sent with what proves the person may set it. */
function NewPasswordForm({
  proof,
  messages,
  passwordTexts,
  onDone,
}: {
  proof: Proof;
  messages: ForgetMessages;
  passwordTexts: PasswordTexts;
  onDone: () => void;
}) {
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => passwordRef.current?.focus(), []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkNewPassword(value, passwordTexts);
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    setPending(true);
    try {
      const body: ResetPasswordBody = { ...proof, newPassword: value.password, confirmPassword: value.confirm };
      await resetPassword(body);
      onDone();
    } catch {
      setPending(false);
    }
  };

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      <NewPasswordFields
        value={value}
        onChange={(next) => {
          setValue(next);
          setErrors({});
        }}
        errors={errors}
        passwordRef={passwordRef}
        confirmRef={confirmRef}
        labels={{
          password: messages['forget.newPassword'],
          passwordPlaceholder: messages['forget.newPasswordPlaceholder'],
          confirm: messages['forget.confirmPassword'],
          confirmPlaceholder: messages['forget.confirmPlaceholder'],
          hint: messages['register.passwordHint'],
        }}
      />
      <SubmitButton pending={pending} label={messages['forget.submit']} pendingLabel={messages['forget.submitting']} />
    </Form>
  );
}

/** Step one by phone: the SMS code, checked without using it up. */
function PhoneProof({ messages, onProof }: { messages: ForgetMessages; onProof: (proof: Proof) => void }) {
  return (
    <PhoneCodeForm
      scene="reset"
      messages={messages}
      submitLabel={messages['forget.next']}
      pendingLabel={messages['forget.checking']}
      onProof={async (proof) => {
        const { valid } = await checkVerificationCode({ ...proof, scene: 'reset' });
        if (!valid) return messages['login.codeWrong'];
        onProof(proof);
      }}
    />
  );
}

/** By mail: the link goes to the address on file for the employee number. */
function MailRequest({ messages }: { messages: ForgetMessages }) {
  const [empNo, setEmpNo] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = empNo.trim();
    const key = validateEmpNo(value);
    setError(key && messages[key]);
    if (key) return inputRef.current?.focus();
    setPending(true);
    try {
      await resetPasswordMail(value);
      setSent(messages['forget.mailSent']);
    } catch {
      // The client showed the gateway's message.
    }
    setPending(false);
  };

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      <p className="text-muted-foreground text-sm">{messages['forget.mailIntro']}</p>
      <TextField
        ref={inputRef}
        label={messages['login.empNo']}
        name="empNo"
        autoComplete="username"
        maxLength={EMP_NO_MAX}
        required
        placeholder={messages['login.empNoPlaceholder']}
        value={empNo}
        error={error}
        onChange={(event) => {
          setEmpNo(event.target.value);
          setError(undefined);
          setSent(null);
        }}
      />
      {sent && <FormAlert tone="success">{sent}</FormAlert>}
      <SubmitButton
        pending={pending}
        label={messages['forget.mailSend']}
        pendingLabel={messages['forget.mailSending']}
      />
    </Form>
  );
}

export function ForgetPassword({ locale, messages, passwordTexts }: ForgetPasswordProps) {
  const idBase = useId();
  const [way, setWay] = useState<Way>('phone');
  const [proof, setProof] = useState<Proof | null>(null);
  const [done, setDone] = useState(false);
  const signIn = `${localizePath('/login', locale)}?t=login`;

  useEffect(() => {
    const url = new URL(location.href);
    const mailToken = url.searchParams.get('mailToken');
    if (!mailToken) return;
    // The token is a secret: keep it out of the address bar and the history.
    url.searchParams.delete('mailToken');
    history.replaceState(history.state, '', url);
    setWay('mail');
    setProof({ mailToken });
  }, []);

  if (done) {
    return (
      <div className="grid gap-4">
        <FormAlert tone="success">{messages['forget.done']}</FormAlert>
        <a href={signIn} className={`${textLink} text-center text-sm`}>
          {messages['forget.toSignIn']}
        </a>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {proof ? (
        <NewPasswordForm proof={proof} messages={messages} passwordTexts={passwordTexts} onDone={() => setDone(true)} />
      ) : (
        <>
          <TabList
            idBase={idBase}
            label={messages['forget.ways']}
            value={way}
            onChange={setWay}
            items={[
              { id: 'phone', label: messages['forget.byPhone'] },
              { id: 'mail', label: messages['forget.byMail'] },
            ]}
          />
          <div {...tabPanelProps(idBase, way)}>
            {way === 'phone' ? (
              <PhoneProof messages={messages} onProof={setProof} />
            ) : (
              <MailRequest messages={messages} />
            )}
          </div>
        </>
      )}
      <a href={signIn} className={`${textLink} text-center text-sm`}>
        {messages['forget.back']}
      </a>
    </div>
  );
}
