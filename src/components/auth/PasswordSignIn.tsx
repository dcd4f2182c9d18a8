/**
 * Sign-in with a password, by employee number (`t=login`) or by phone (`t=phone`). After a
 * refused attempt (code 321: the gateway says the captcha is required, or the stored
 * login-error counter is 2) the image captcha joins the form and its answer goes with the next
 * attempt. The gateway's messages arrive as toasts from the API client.
 */
import { lazy, Suspense, useRef, useState, type SubmitEvent } from 'react';
import { outcomeOf } from '@/api/outcome';
import { loginByEmpNo } from '@/api/user';
import { loginByPhonePassword } from '@/api/user-sign-in';
import { finishSignIn } from '@/components/auth/finish';
import type { CaptchaAnswer, CaptchaHandle } from '@/components/auth/ImageCaptcha';
import type { SignInMessages } from '@/components/auth/messages';
import { PhoneField } from '@/components/auth/PhoneField';
import {
  EMP_NO_MAX,
  validateEmpNo,
  validateLoginPassword,
  validatePhone,
} from '@/components/auth/validate';
import { FormAlert, Form, SubmitButton, TextField } from '@/components/ui/form-fields';
import type { Locale } from '@/i18n/locale-path';
import { PASSWORD_MAX_LENGTH } from '@/lib/password';

const ImageCaptcha = lazy(() => import('@/components/auth/ImageCaptcha').then((m) => ({ default: m.ImageCaptcha })));

interface PasswordSignInProps {
  by: 'empNo' | 'phone';
  locale: Locale;
  messages: SignInMessages;
}

type Field = 'account' | 'password';

export function PasswordSignIn({ by, locale, messages }: PasswordSignInProps) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  // The image captcha comes after the second failure (the spec's counter is 2), when the gateway
  // says so; one mistyped password does not bring it. The stored counter (spec section 8) is kept
  // by the client for others to read, not for this.
  const [captchaShown, setCaptchaShown] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const account = accountRef.current?.value.trim() ?? '';
    const password = passwordRef.current?.value ?? '';
    const accountKey = by === 'empNo' ? validateEmpNo(account) : validatePhone(account);
    const passwordKey = validateLoginPassword(password);
    setErrors({ account: accountKey && messages[accountKey], password: passwordKey && messages[passwordKey] });
    if (accountKey) return accountRef.current?.focus();
    if (passwordKey) return passwordRef.current?.focus();
    let captcha: CaptchaAnswer | undefined;
    if (captchaShown) {
      const answer = captchaRef.current?.validate();
      if (!answer) return;
      captcha = answer;
    }

    setPending(true);
    try {
      const result =
        by === 'empNo'
          ? await loginByEmpNo({ empNo: account, password, ...captcha })
          : await loginByPhonePassword({ phone: account, password, ...captcha });
      await finishSignIn(result, locale);
    } catch (error) {
      setPending(false);
      const outcome = outcomeOf(error);
      if (outcome.kind === 'wrongCredentials' && outcome.captchaRequired) setCaptchaShown(true);
      captchaRef.current?.refresh();
      passwordRef.current?.select();
    }
  };

  const clear = (field: Field) => errors[field] && setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      {by === 'empNo' ? (
        <TextField
          key="empNo"
          ref={accountRef}
          label={messages['login.empNo']}
          name="empNo"
          autoComplete="username"
          maxLength={EMP_NO_MAX}
          required
          placeholder={messages['login.empNoPlaceholder']}
          error={errors.account}
          onInput={() => clear('account')}
        />
      ) : (
        <PhoneField
          key="phone"
          ref={accountRef}
          messages={messages}
          error={errors.account}
          onInput={() => clear('account')}
        />
      )}
      <TextField
        ref={passwordRef}
        label={messages['login.password']}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        placeholder={messages['login.passwordPlaceholder']}
        error={errors.password}
        onInput={() => clear('password')}
      />
      {captchaShown && (
        <>
          <FormAlert tone="info">{messages['login.captchaNeeded']}</FormAlert>
          <Suspense fallback={null}>
            <ImageCaptcha ref={captchaRef} messages={messages} />
          </Suspense>
        </>
      )}
      <SubmitButton pending={pending} label={messages['login.submit']} pendingLabel={messages['login.submitting']} />
    </Form>
  );
}
