/**
 * Registering a new enterprise (`/register`): company name, the person's name, phone (checked
 * on blur against existing accounts; once the gateway asks for it, with an image captcha of its
 * own), image captcha and SMS code (scene `register`), password with confirmation, and the user
 * agreement. Success signs the new admin in and opens the home page.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { outcomeOf } from '@/api/outcome';
import { checkPhoneExist, registerEnterprise } from '@/api/user-sign-in';
import { CodeFields } from '@/components/auth/CodeFields';
import { ImageCaptcha, type CaptchaAnswer, type CaptchaHandle } from '@/components/auth/ImageCaptcha';
import type { PasswordTexts, RegisterMessages } from '@/components/auth/messages';
import { checkNewPassword, NewPasswordFields, type NewPasswordValue } from '@/components/auth/NewPasswordFields';
import { PhoneField } from '@/components/auth/PhoneField';
import { afterSignIn } from '@/components/auth/redirect';
import {
  ENTERPRISE_NAME_MAX,
  USER_NAME_MAX,
  validateCode,
  validateEnterpriseName,
  validatePhone,
  validateUserName,
} from '@/components/auth/validate';
import { outlineButton, textLink } from '@/components/ui/button-class';
import { Form, SubmitButton, TextField } from '@/components/ui/form-fields';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { completeSignIn } from '@/stores/session';

interface RegisterFormProps {
  locale: Locale;
  messages: RegisterMessages;
  passwordTexts: PasswordTexts;
}

type Field = 'enterpriseName' | 'userName' | 'phone' | 'code' | 'password' | 'confirm' | 'agreement';
type Errors = Partial<Record<Field, string>>;

export function RegisterForm({ locale, messages, passwordTexts }: RegisterFormProps) {
  const [enterpriseName, setEnterpriseName] = useState('');
  const [userName, setUserName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState<NewPasswordValue>({ password: '', confirm: '' });
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  /** The phone last found to have an account. */
  const [takenPhone, setTakenPhone] = useState('');
  /** Why the gateway wants a captcha with the phone check, while it does. */
  const [phoneCheckPrompt, setPhoneCheckPrompt] = useState('');
  const phoneCaptchaRef = useRef<CaptchaHandle>(null);
  const refs = {
    enterpriseName: useRef<HTMLInputElement>(null),
    userName: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
    agreement: useRef<HTMLInputElement>(null),
  } satisfies Record<Field, unknown>;

  const setError = (field: Field, message: string | undefined) =>
    setErrors((current) => (current[field] === message ? current : { ...current, [field]: message }));

  /** The phone's own message: format first, then whether it is taken. */
  const phoneMessage = (value: string): string | undefined => {
    const key = validatePhone(value);
    if (key) return messages[key];
    return value === takenPhone ? messages['register.phoneExists'] : undefined;
  };

  /** Asks the gateway whether the phone is taken, with a captcha answer once it wants one. */
  const checkPhone = async (captcha?: CaptchaAnswer) => {
    const value = phone.trim();
    if (!value || validatePhone(value)) {
      if (value) setError('phone', phoneMessage(value));
      return;
    }
    try {
      const exists = await checkPhoneExist(value, { isShowErrTip: false }, captcha);
      setPhoneCheckPrompt('');
      setTakenPhone(exists ? value : '');
      if (phone.trim() === value) setError('phone', exists ? messages['register.phoneExists'] : undefined);
    } catch (error) {
      // A captcha answer is spent either way.
      if (captcha) phoneCaptchaRef.current?.refresh();
      const outcome = outcomeOf(error);
      if (outcome.kind === 'invalid' && outcome.captchaRequired) {
        setPhoneCheckPrompt(outcome.msg || messages['register.phoneCheckCaptcha']);
      }
      // Otherwise the check is advice; registration itself refuses a taken phone.
    }
  };

  const checkPhoneOnBlur = () => {
    // While the gateway wants a captcha, the check waits for its answer (the button below).
    if (!phoneCheckPrompt) void checkPhone();
  };

  const checkPhoneWithCaptcha = () => {
    const answer = phoneCaptchaRef.current?.validate();
    if (answer) void checkPhone(answer);
  };

  /** For the send button: the phone when it can get a code; else shows why. */
  const phoneForCode = (): string | undefined => {
    const value = phone.trim();
    const message = phoneMessage(value);
    setError('phone', message);
    if (message) {
      refs.phone.current?.focus();
      return undefined;
    }
    return value;
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const codeKey = validateCode(code);
    const enterpriseKey = validateEnterpriseName(enterpriseName.trim());
    const userKey = validateUserName(userName.trim());
    const found: Errors = {
      enterpriseName: enterpriseKey && messages[enterpriseKey],
      userName: userKey && messages[userKey],
      phone: phoneMessage(phone.trim()),
      code: codeKey && messages[codeKey],
      ...checkNewPassword(passwords, passwordTexts),
      agreement: agreed ? undefined : messages['register.agreementRequired'],
    };
    setErrors(found);
    const first = (Object.keys(refs) as Field[]).find((field) => found[field]);
    if (first) return refs[first].current?.focus();

    setPending(true);
    try {
      completeSignIn(
        await registerEnterprise({
          enterpriseName: enterpriseName.trim(),
          userName: userName.trim(),
          phone: phone.trim(),
          code,
          password: passwords.password,
          confirmPassword: passwords.confirm,
        }),
      );
      location.assign(afterSignIn(null, locale));
    } catch {
      setPending(false);
    }
  };

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      <TextField
        ref={refs.enterpriseName}
        label={messages['register.enterpriseName']}
        name="enterpriseName"
        autoComplete="organization"
        maxLength={ENTERPRISE_NAME_MAX}
        required
        placeholder={messages['register.enterpriseNamePlaceholder']}
        value={enterpriseName}
        error={errors.enterpriseName}
        onChange={(event) => {
          setEnterpriseName(event.target.value);
          setError('enterpriseName', undefined);
        }}
      />
      <TextField
        ref={refs.userName}
        label={messages['register.userName']}
        name="userName"
        autoComplete="name"
        maxLength={USER_NAME_MAX}
        required
        placeholder={messages['register.userNamePlaceholder']}
        value={userName}
        error={errors.userName}
        onChange={(event) => {
          setUserName(event.target.value);
          setError('userName', undefined);
        }}
      />
      <PhoneField
        ref={refs.phone}
        messages={messages}
        value={phone}
        error={errors.phone}
        onChange={(event) => {
          setPhone(event.target.value);
          setError('phone', undefined);
        }}
        onBlur={checkPhoneOnBlur}
      />
      {phoneCheckPrompt && (
        <div role="group" aria-label={messages['register.phoneCheck']} className="grid gap-3 rounded-md border p-3">
          <p role="status" className="text-sm">
            {phoneCheckPrompt}
          </p>
          <ImageCaptcha
            ref={phoneCaptchaRef}
            messages={{ ...messages, 'captcha.label': messages['register.phoneCaptcha'] }}
            onEnter={checkPhoneWithCaptcha}
          />
          <button type="button" className={outlineButton} onClick={checkPhoneWithCaptcha}>
            {messages['register.phoneCheck']}
          </button>
        </div>
      )}
      <CodeFields
        scene="register"
        messages={messages}
        phone={phoneForCode}
        code={code}
        codeRef={refs.code}
        codeError={errors.code}
        onCodeChange={(value) => {
          setCode(value);
          setError('code', undefined);
        }}
      />
      <NewPasswordFields
        value={passwords}
        onChange={(value) => {
          setPasswords(value);
          setErrors((current) => ({ ...current, password: undefined, confirm: undefined }));
        }}
        errors={errors}
        passwordRef={refs.password}
        confirmRef={refs.confirm}
        labels={{
          password: messages['register.password'],
          passwordPlaceholder: messages['register.passwordPlaceholder'],
          confirm: messages['register.confirmPassword'],
          confirmPlaceholder: messages['register.confirmPlaceholder'],
          hint: messages['register.passwordHint'],
        }}
      />
      <div className="grid gap-2">
        <div className="flex items-center gap-2 text-sm">
          <input
            ref={refs.agreement}
            id="register-agreement"
            type="checkbox"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setError('agreement', undefined);
            }}
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? 'register-agreement-error' : undefined}
            className="accent-primary focus-visible:ring-ring/50 size-4 rounded outline-none focus-visible:ring-[3px]"
          />
          <label htmlFor="register-agreement">
            {messages['register.agree']}{' '}
            <a href={localizePath('/agreement', locale)} target="_blank" rel="noopener" className={textLink}>
              {messages['route.agreement']}
            </a>
          </label>
        </div>
        {errors.agreement && (
          <p id="register-agreement-error" className="text-destructive text-sm">
            {errors.agreement}
          </p>
        )}
      </div>
      <SubmitButton
        pending={pending}
        label={messages['register.submit']}
        pendingLabel={messages['register.submitting']}
      />
      <p className="text-muted-foreground text-center text-sm">
        {messages['register.haveAccount']}{' '}
        <a href={`${localizePath('/login', locale)}?t=login`} className={textLink}>
          {messages['register.signIn']}
        </a>
      </p>
    </Form>
  );
}
