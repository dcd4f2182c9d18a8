/**
 * A new password and its confirmation, checked with the spec's rules and messages
 * (src/lib/password.ts). The hint states the rule that is enforced: 8 to 30 characters.
 */
import type { Ref } from 'react';
import type { PasswordTexts } from '@/components/auth/messages';
import { TextField } from '@/components/ui/form-fields';
import { PASSWORD_MAX_LENGTH, validateConfirmPassword, validateNewPassword } from '@/lib/password';

export interface NewPasswordValue {
  password: string;
  confirm: string;
}

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** The messages of the two fields, or an empty object when both are accepted. */
export function checkNewPassword({ password, confirm }: NewPasswordValue, texts: PasswordTexts): NewPasswordErrors {
  const passwordKey = validateNewPassword(password);
  const confirmKey = validateConfirmPassword(confirm, password);
  return { password: passwordKey && texts[passwordKey], confirm: confirmKey && texts[confirmKey] };
}

interface NewPasswordFieldsProps {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  errors: NewPasswordErrors;
  labels: { password: string; passwordPlaceholder: string; confirm: string; confirmPlaceholder: string; hint: string };
  passwordRef?: Ref<HTMLInputElement>;
  confirmRef?: Ref<HTMLInputElement>;
}

export function NewPasswordFields({
  value,
  onChange,
  errors,
  labels,
  passwordRef,
  confirmRef,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        ref={passwordRef}
        label={labels.password}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        placeholder={labels.passwordPlaceholder}
        hint={labels.hint}
        value={value.password}
        error={errors.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
      <TextField
        ref={confirmRef}
        label={labels.confirm}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        placeholder={labels.confirmPlaceholder}
        value={value.confirm}
        error={errors.confirm}
        onChange={(event) => onChange({ ...value, confirm: event.target.value })}
      />
    </>
  );
}
