import { useState, type SubmitEvent } from 'react';
import { updateInitPassword, updatePassword } from '@/api/account';
import { CloseButton } from '@/components/account/CloseButton';
import { describedBy, Field } from '@/components/account/Field';
import type { AccountMessages } from '@/components/account/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locale-path';
import { loginPath } from '@/lib/login-path';
import { messageText } from '@/lib/messages';
import {
  PASSWORD_MAX_LENGTH,
  passwordMessages,
  validateConfirmPassword,
  validateNewPassword,
  validatePasswordChanged,
} from '@/lib/password';
import { signOut } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

type PasswordField = 'password' | 'newPassword' | 'confirmPassword';
type Values = Record<PasswordField, string>;

interface PasswordDialogProps {
  /** The forced change of an initial password: no current password, and no way to dismiss it. */
  forced: boolean;
  locale: Locale;
  messages: AccountMessages;
  onClose: () => void;
}

/**
 * Changes the password (spec sections 4 and 5). Forced while the password is still the
 * initial one: the browser never knows that value, the gateway checks it. After a change the
 * user is signed out and the sign-in page loads; a failed change keeps every value.
 */
export function PasswordDialog({ forced, locale, messages, onClose }: PasswordDialogProps) {
  const [values, setValues] = useState<Values>({ password: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const fields: PasswordField[] = forced ? ['newPassword', 'confirmPassword'] : ['password', 'newPassword', 'confirmPassword'];

  const check = (field: PasswordField, v: Values): string | undefined => {
    if (field === 'password') return v.password ? undefined : messages['password.currentRequired'];
    const key =
      field === 'newPassword'
        ? (validateNewPassword(v.newPassword) ?? (forced ? undefined : validatePasswordChanged(v.password, v.newPassword)))
        : validateConfirmPassword(v.confirmPassword, v.newPassword);
    return key && messageText(passwordMessages, key, locale);
  };

  const recheck = (v: Values, which: PasswordField[]) =>
    setErrors((old) => ({ ...old, ...Object.fromEntries(which.map((f) => [f, check(f, v)])) }));

  const change = (field: PasswordField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field has been left, its message follows the typing; the confirmation follows the new password.
    recheck(next, fields.filter((f) => touched[f] && (f === field || (f === 'confirmPassword' && field === 'newPassword'))));
  };

  const leave = (field: PasswordField) => {
    setTouched((old) => ({ ...old, [field]: true }));
    recheck(values, [field]);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = Object.fromEntries(fields.map((f) => [f, check(f, values)]));
    setErrors(found);
    setTouched(Object.fromEntries(fields.map((f) => [f, true])));
    const firstWrong = fields.find((f) => found[f]);
    if (firstWrong) {
      document.getElementById(`pwd-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      if (forced) await updateInitPassword({ newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      else await updatePassword(values);
    } catch {
      // The client has shown the gateway's message; the form keeps what was typed.
      setBusy(false);
      return;
    }
    notifySuccess(messages['password.changed']);
    // The gateway has ended every session of the account with the change: nothing to call.
    await signOut({ callServer: false });
    location.assign(loginPath(location.pathname));
  };

  const labels: Record<PasswordField, string> = {
    password: messages['password.current'],
    newPassword: messages['password.new'],
    confirmPassword: messages['password.confirm'],
  };
  const keepOpen = (event: Event) => event.preventDefault();

  return (
    <Dialog open onOpenChange={(open) => !open && !forced && !busy && onClose()}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={forced ? keepOpen : undefined}
        onInteractOutside={keepOpen}
        className="sm:max-w-md"
      >
        <DialogHeader>
          <DialogTitle>{forced ? messages['password.initTitle'] : messages['password.title']}</DialogTitle>
          <DialogDescription>{forced ? messages['password.initDescription'] : messages['password.description']}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          {fields.map((field) => {
            const id = `pwd-${field}`;
            const hint = field === 'newPassword' ? messages['password.hint'] : undefined;
            return (
              <Field key={field} id={id} label={labels[field]} error={errors[field]} hint={hint}>
                <Input
                  {...describedBy(id, errors[field], Boolean(hint))}
                  type="password"
                  name={field}
                  maxLength={PASSWORD_MAX_LENGTH}
                  autoComplete={field === 'password' ? 'current-password' : 'new-password'}
                  value={values[field]}
                  onChange={(e) => change(field, e.target.value)}
                  onBlur={() => leave(field)}
                />
              </Field>
            );
          })}
          <DialogFooter>
            {!forced && (
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  {messages['account.cancel']}
                </Button>
              </DialogClose>
            )}
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? messages['password.submitting'] : messages['password.submit']}
            </Button>
          </DialogFooter>
        </form>
        {!forced && <CloseButton label={messages['account.close']} />}
      </DialogContent>
    </Dialog>
  );
}
