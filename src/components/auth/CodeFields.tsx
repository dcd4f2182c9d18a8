/**
 * The SMS code part of a form: the image captcha, then the code input with its send button.
 * Sending needs a valid phone (the parent's field) and the captcha answer; the button then
 * counts down until the gateway allows another code (`resendIn`, 60 s).
 */
import { useRef, useState, type Ref } from 'react';
import type { CodeScene } from '@/api/types';
import { sendVerificationCode } from '@/api/user-sign-in';
import { ImageCaptcha, type CaptchaHandle } from '@/components/auth/ImageCaptcha';
import type { CodeMessages } from '@/components/auth/messages';
import { useCountdown } from '@/components/auth/use-countdown';
import { CODE_LENGTH } from '@/components/auth/validate';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { outlineButton } from '@/components/ui/button-class';
import { TextField } from '@/components/ui/form-fields';
import { fill } from '@/i18n/fill';

/** Spec: a new code may be asked for after 60 s, unless the gateway says otherwise. */
export const RESEND_SECONDS = 60;

interface CodeFieldsProps {
  scene: CodeScene;
  messages: CodeMessages;
  /** The phone to send to, after the parent has checked it (it shows its own error), or undefined. */
  phone: () => string | undefined;
  code: string;
  onCodeChange: (code: string) => void;
  codeError?: string;
  codeRef?: Ref<HTMLInputElement>;
}

export function CodeFields({ scene, messages, phone, code, onCodeChange, codeError, codeRef }: CodeFieldsProps) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [seconds, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState('');

  const send = async () => {
    const to = phone();
    if (!to) return;
    const answer = captchaRef.current?.validate();
    if (!answer) return;
    setSending(true);
    setNotice('');
    try {
      const result = await sendVerificationCode({ phone: to, scene, ...answer });
      setSent(true);
      startCountdown(result?.resendIn || RESEND_SECONDS);
      setNotice(messages['login.codeSent']);
    } catch {
      // The client showed the gateway's message (wrong captcha, too many codes); the captcha
      // answer is used up either way.
    } finally {
      captchaRef.current?.refresh();
      setSending(false);
    }
  };

  const label =
    seconds > 0
      ? fill(messages['login.resendIn'], { s: seconds })
      : sent
        ? messages['login.resend']
        : messages['login.sendCode'];

  return (
    <>
      <ImageCaptcha ref={captchaRef} messages={messages} />
      <div className="grid gap-1">
        <TextField
          ref={codeRef}
          label={messages['login.code']}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder={messages['login.codePlaceholder']}
          value={code}
          error={codeError}
          onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
          addon={
            <button
              type="button"
              onClick={() => void send()}
              disabled={sending || seconds > 0}
              className={`${outlineButton} w-32 tabular-nums`}
            >
              {sending && <LoaderCircleIcon className="size-4 animate-spin" />}
              {label}
            </button>
          }
        />
        <p role="status" className="text-muted-foreground text-xs">
          {notice}
        </p>
      </div>
    </>
  );
}
