/**
 * The account dialogs, loaded by the layout's dialog host when one must open. Each dialog's
 * code loads on its own: the forced password change needs none of the profile's pickers.
 */
import { lazy } from 'react';
import type { UserInfo } from '@/api/types';
import type { AccountDialog as DialogName } from '@/components/account/dialog-rules';
import type { AccountMessages } from '@/components/account/messages';
import type { Locale } from '@/i18n/locale-path';

const PasswordDialog = lazy(() => import('@/components/account/PasswordDialog').then((m) => ({ default: m.PasswordDialog })));
const SupplementDialog = lazy(() => import('@/components/account/SupplementDialog').then((m) => ({ default: m.SupplementDialog })));
const ProfileDialog = lazy(() => import('@/components/account/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

interface AccountDialogProps {
  dialog: DialogName;
  user: UserInfo;
  locale: Locale;
  messages: AccountMessages;
  onClose: () => void;
}

/** The named dialog; the host renders it inside a Suspense boundary. */
export function AccountDialog({ dialog, user, locale, messages, onClose }: AccountDialogProps) {
  switch (dialog) {
    case 'initPassword':
    case 'password':
      return <PasswordDialog forced={dialog === 'initPassword'} locale={locale} messages={messages} onClose={onClose} />;
    case 'supplement':
      return <SupplementDialog user={user} locale={locale} messages={messages} onClose={onClose} />;
    case 'profile':
      return <ProfileDialog user={user} locale={locale} messages={messages} onClose={onClose} />;
  }
}
