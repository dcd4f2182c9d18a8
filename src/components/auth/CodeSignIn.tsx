/** Sign-in with phone and SMS code (`t=code`), loaded when the tab is first shown. */
import { useRef, useState, type SubmitEvent } from 'react';
import { loginByPhoneCode } from '@/api/user-sign-in';
import { CodeFields } from '@/components/auth/CodeFields';
import { Form, SubmitButton, TextField } from '@/components/auth/fields';
import { finishSignIn } from '@/components/auth/finish';
import type { SignInMessages } from '@/components/auth/messages';
import { PHONE_LENGTH, validateCode, validatePhone } from '@/components/auth/validate';
import type { Locale } from '@/i18n/locale-path';

interface CodeSignInProps {
  locale: Locale;
  messages: SignInMessages;
}

export function CodeSignIn({ locale, messages }: CodeSignInProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  /** The phone when it is valid; else shows why and focuses it. */
  const checkedPhone = (): string | undefined => {
    const value = phone.trim();
    const key = validatePhone(value);
    setErrors((current) => ({ ...current, phone: key && messages[key] }));
    if (key) {
      phoneRef.current?.focus();
      return undefined;
    }
    return value;
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = checkedPhone();
    if (!to) return;
    const codeKey = validateCode(code);
    setErrors({ code: codeKey && messages[codeKey] });
    if (codeKey) return codeRef.current?.focus();
    setPending(true);
    try {
      await finishSignIn(await loginByPhoneCode({ phone: to, code }), locale);
    } catch {
      setPending(false);
      codeRef.current?.select();
    }
  };

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      <TextField
        ref={phoneRef}
        label={messages['login.phone']}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_LENGTH}
        required
        placeholder={messages['login.phonePlaceholder']}
        value={phone}
        error={errors.phone}
        onChange={(event) => {
          setPhone(event.target.value);
          if (errors.phone) setErrors((current) => ({ ...current, phone: undefined }));
        }}
      />
      <CodeFields
        scene="login"
        messages={messages}
        phone={checkedPhone}
        code={code}
        codeRef={codeRef}
        codeError={errors.code}
        onCodeChange={(value) => {
          setCode(value);
          if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
        }}
      />
      <SubmitButton pending={pending} label={messages['login.submit']} pendingLabel={messages['login.submitting']} />
    </Form>
  );
}
