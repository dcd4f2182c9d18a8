import { useState, type SubmitEvent } from 'react';
import { updateUserInfo } from '@/api/account';
import type { UserInfo } from '@/api/types';
import { CloseButton } from '@/components/account/CloseButton';
import { describedBy, Field } from '@/components/account/Field';
import type { AccountMessages } from '@/components/account/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { Locale } from '@/i18n/locale-path';
import { emailMessages, validateEmail } from '@/lib/email';
import { idCardMessages, validateIdCard } from '@/lib/id-card';
import { messageText } from '@/lib/messages';
import { loadUser } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

type SupplementField = 'idCard' | 'email';

interface SupplementDialogProps {
  user: UserInfo;
  locale: Locale;
  messages: AccountMessages;
  onClose: () => void;
}

/**
 * Asks a user from data source 1 for a missing ID card number or email (spec section 4).
 * Saving or closing reloads the user info; the layout then applies the password check.
 */
export function SupplementDialog({ user, locale, messages, onClose }: SupplementDialogProps) {
  const [values, setValues] = useState<Record<SupplementField, string>>({ idCard: user.idCard ?? '', email: user.email ?? '' });
  const [errors, setErrors] = useState<Partial<Record<SupplementField, string>>>({});
  const [busy, setBusy] = useState(false);

  const check = (field: SupplementField, v = values): string | undefined => {
    if (field === 'idCard') {
      const key = validateIdCard(v.idCard);
      return key && messageText(idCardMessages, key, locale);
    }
    const key = validateEmail(v.email);
    return key && messageText(emailMessages, key, locale);
  };

  const leave = (field: SupplementField) => setErrors((old) => ({ ...old, [field]: check(field) }));
  const change = (field: SupplementField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((old) => ({ ...old, [field]: check(field, next) }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { idCard: check('idCard'), email: check('email') };
    setErrors(found);
    const firstWrong = (['idCard', 'email'] as const).find((f) => found[f]);
    if (firstWrong) {
      document.getElementById(`supplement-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await updateUserInfo({ idCard: values.idCard.trim().toUpperCase(), email: values.email.trim() });
    } catch {
      setBusy(false);
      return;
    }
    notifySuccess(messages['account.saved']);
    // The refreshed user no longer needs this dialog; the layout moves on to the password check.
    await loadUser().catch(() => undefined);
    setBusy(false);
  };

  // Closing reloads the user info (spec section 4); the layout then applies the password check.
  const close = () => {
    loadUser().catch(() => undefined);
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && close()}>
      <DialogContent showCloseButton={false} onInteractOutside={(e) => e.preventDefault()} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{messages['profile.supplementTitle']}</DialogTitle>
          <DialogDescription>{messages['profile.supplementDescription']}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <Field id="supplement-idCard" label={messages['profile.idCard']} error={errors.idCard}>
            <Input
              {...describedBy('supplement-idCard', errors.idCard)}
              name="idCard"
              maxLength={18}
              autoComplete="off"
              placeholder={messages['profile.idCardPlaceholder']}
              value={values.idCard}
              onChange={(e) => change('idCard', e.target.value)}
              onBlur={() => leave('idCard')}
            />
          </Field>
          <Field id="supplement-email" label={messages['profile.email']} error={errors.email}>
            <Input
              {...describedBy('supplement-email', errors.email)}
              type="email"
              name="email"
              autoComplete="email"
              placeholder={messages['profile.emailPlaceholder']}
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              onBlur={() => leave('email')}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {messages['profile.later']}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? messages['account.saving'] : messages['account.confirm']}
            </Button>
          </DialogFooter>
        </form>
        <CloseButton label={messages['account.close']} />
      </DialogContent>
    </Dialog>
  );
}
