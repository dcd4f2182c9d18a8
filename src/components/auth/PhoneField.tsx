import type { PhoneMessages } from '@/components/auth/messages';
import { TextField, type TextFieldProps } from '@/components/ui/form-fields';
import { PHONE_LENGTH } from '@/lib/phone';

/** The phone input of every form: a mainland mobile number, labelled and capped at 11 digits. */
export function PhoneField({ messages, ...input }: Omit<TextFieldProps, 'label'> & { messages: PhoneMessages }) {
  return (
    <TextField
      label={messages['login.phone']}
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={PHONE_LENGTH}
      required
      placeholder={messages['login.phonePlaceholder']}
      {...input}
    />
  );
}
