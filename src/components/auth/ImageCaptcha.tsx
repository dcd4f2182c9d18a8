/**
 * The image captcha: the gateway's SVG picture (click it for another) and the answer input.
 * The parent reads the answer through the handle; a wrong or used answer needs `refresh()`.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { ImageCaptcha as Captcha } from '@/api/types';
import { getImageCaptcha } from '@/api/user-sign-in';
import type { CaptchaMessages } from '@/components/auth/messages';
import { validateCaptcha } from '@/components/auth/validate';
import { TextField } from '@/components/ui/form-fields';

export interface CaptchaAnswer {
  captchaKey: string;
  captchaCode: string;
}

export interface CaptchaHandle {
  /** The answer, or undefined after showing why there is none (and focusing the input). */
  validate(): CaptchaAnswer | undefined;
  /** A new picture and an empty answer. */
  refresh(): void;
}

interface ImageCaptchaProps {
  messages: CaptchaMessages;
  ref?: Ref<CaptchaHandle>;
  /** Enter in the answer input does this instead of submitting the form. */
  onEnter?: () => void;
}

/** Longest answer the input takes. */
const ANSWER_MAX = 8;

export function ImageCaptcha({ messages, ref, onEnter }: ImageCaptchaProps) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getImageCaptcha({ signal: controller.signal })
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
    return () => controller.abort();
  }, [round]);

  useEffect(() => {
    // An expired picture is replaced before anyone types its answer in vain.
    if (!captcha?.expiresIn) return;
    const timer = setTimeout(() => setRound((n) => n + 1), captcha.expiresIn * 1000);
    return () => clearTimeout(timer);
  }, [captcha]);

  const refresh = () => {
    setAnswer('');
    setRound((n) => n + 1);
  };

  useImperativeHandle(ref, () => ({
    validate() {
      const value = answer.trim();
      const key = validateCaptcha(value);
      if (key || !captcha) {
        setError(messages[key ?? 'captcha.required']);
        inputRef.current?.focus();
        return undefined;
      }
      return { captchaKey: captcha.captchaKey, captchaCode: value };
    },
    refresh,
  }));

  return (
    <TextField
      ref={inputRef}
      label={messages['captcha.label']}
      name="captchaCode"
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={ANSWER_MAX}
      placeholder={messages['captcha.placeholder']}
      value={answer}
      error={error}
      onChange={(event) => {
        setAnswer(event.target.value);
        setError(undefined);
      }}
      onKeyDown={
        onEnter &&
        ((event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onEnter();
        })
      }
      addon={
        <button
          type="button"
          onClick={refresh}
          title={messages['captcha.refresh']}
          className="focus-visible:ring-ring/50 bg-muted h-9 w-28 shrink-0 overflow-hidden rounded-md border outline-none focus-visible:ring-[3px]"
        >
          {captcha ? (
            <img src={captcha.image} alt={messages['captcha.image']} className="size-full object-contain" />
          ) : (
            <span className="text-muted-foreground text-xs">{messages['captcha.loading']}</span>
          )}
          <span className="sr-only">{messages['captcha.refresh']}</span>
        </button>
      }
    />
  );
}
