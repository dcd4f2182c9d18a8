import { useEffect, useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { afterSignIn } from '@/components/auth/redirect';
import type { LoginMessages } from '@/components/auth/messages';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { localizePath, locales, type Locale } from '@/i18n/routes';
import { setLocale } from '@/stores/locale';
import { signIn } from '@/stores/session';

/** Spec section 9: employee number at most 20 characters; password inputs at most 30. */
export const EMP_NO_MAX = 20;
export const PASSWORD_MAX = 30;

interface LoginFormProps {
  locale: Locale;
  messages: LoginMessages;
}

type Field = 'empNo' | 'password';

/**
 * Sign-in with employee number and password. Only the form's own checks show here; the
 * gateway's messages (wrong password, too many attempts) arrive as toasts from the API client.
 */
export function LoginForm({ locale, messages }: LoginFormProps) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const empNoRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    // Sent here from a page that needs a user.
    setAskedToSignIn(new URLSearchParams(location.search).has('redirect'));
  }, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empNo = empNoRef.current?.value.trim() ?? '';
    const password = passwordRef.current?.value ?? '';
    const found: Partial<Record<Field, string>> = {};
    if (!empNo) found.empNo = messages['login.empNoRequired'];
    if (!password) found.password = messages['login.passwordRequired'];
    setErrors(found);
    if (found.empNo) return empNoRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setPending(true);
    try {
      await signIn(empNo, password);
      location.assign(afterSignIn(new URLSearchParams(location.search).get('redirect'), locale));
    } catch {
      setPending(false);
      passwordRef.current?.select();
    }
  };

  const clearError = (field: Field) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const field = (name: Field, label: string, input: ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-destructive text-sm">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="grid gap-6">
      <div className="flex justify-end gap-1 text-sm" role="group" aria-label={messages['lang.switch']}>
        {locales.map((code) => (
          <button
            key={code}
            type="button"
            lang={code === 'en' ? 'en' : 'zh-CN'}
            aria-pressed={code === locale}
            disabled={code === locale}
            onClick={() => setLocale(code)}
            className="text-muted-foreground hover:text-foreground aria-pressed:text-foreground focus-visible:ring-ring/50 rounded-sm px-2 py-1 outline-none focus-visible:ring-[3px] aria-pressed:font-medium"
          >
            {messages[`lang.${code}`]}
          </button>
        ))}
      </div>

      {askedToSignIn && (
        <p role="status" className="bg-muted rounded-md px-3 py-2 text-sm">
          {messages['auth.loginFirst']}
        </p>
      )}

      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={pending}>
        {field(
          'empNo',
          messages['login.empNo'],
          <Input
            ref={empNoRef}
            id={`${id}-empNo`}
            name="empNo"
            autoComplete="username"
            maxLength={EMP_NO_MAX}
            required
            placeholder={messages['login.empNoPlaceholder']}
            aria-invalid={errors.empNo ? true : undefined}
            aria-describedby={errors.empNo ? `${id}-empNo-error` : undefined}
            onInput={() => clearError('empNo')}
          />,
        )}
        {field(
          'password',
          messages['login.password'],
          <Input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            required
            placeholder={messages['login.passwordPlaceholder']}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${id}-password-error` : undefined}
            onInput={() => clearError('password')}
          />,
        )}
        <Button type="submit" disabled={pending} className="mt-2 w-full">
          {pending && <LoaderCircleIcon className="size-4 animate-spin" />}
          {pending ? messages['login.submitting'] : messages['login.submit']}
        </Button>
      </form>

      <div className="flex justify-between text-sm">
        <a href={localizePath('/forget', locale)} className="text-primary underline-offset-4 hover:underline">
          {messages['login.forget']}
        </a>
        <a href={localizePath('/register', locale)} className="text-primary underline-offset-4 hover:underline">
          {messages['login.register']}
        </a>
      </div>

      <p className="text-muted-foreground text-xs">
        {messages['login.agreementPrefix']}{' '}
        <a href={localizePath('/agreement', locale)} className="text-foreground underline underline-offset-4">
          {messages['route.agreement']}
        </a>
      </p>
    </div>
  );
}
