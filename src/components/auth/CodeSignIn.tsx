/** Sign-in with phone and SMS code (`t=code`), loaded when the tab is first shown. */
import { loginByPhoneCode } from '@/api/user-sign-in';
import { finishSignIn } from '@/components/auth/finish';
import type { SignInMessages } from '@/components/auth/messages';
import { PhoneCodeForm } from '@/components/auth/PhoneCodeForm';
import type { Locale } from '@/i18n/locale-path';

interface CodeSignInProps {
  locale: Locale;
  messages: SignInMessages;
}

export function CodeSignIn({ locale, messages }: CodeSignInProps) {
  return (
    <PhoneCodeForm
      scene="login"
      messages={messages}
      submitLabel={messages['login.submit']}
      pendingLabel={messages['login.submitting']}
      onProof={async (proof) => finishSignIn(await loginByPhoneCode(proof), locale)}
    />
  );
}
