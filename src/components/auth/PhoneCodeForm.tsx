/**
 * A phone and its SMS code, checked in the browser first: the form of the code sign-in and of
 * the password reset by phone. The caller decides what the proof is for.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import type { CodeScene } from '@/api/types';
import { CodeFields } from '@/components/auth/CodeFields';
import type { CodeMessages, PhoneMessages } from '@/components/auth/messages';
import { PhoneField } from '@/components/auth/PhoneField';
import { validateCode, validatePhone } from '@/components/auth/validate';
import { Form, SubmitButton } from '@/components/ui/form-fields';

export interface PhoneCodeProof {
  phone: string;
  code: string;
}

interface PhoneCodeFormProps {
  scene: CodeScene;
  messages: PhoneMessages & CodeMessages;
  submitLabel: string;
  pendingLabel: string;
  /**
   * Uses the proof. Resolves when the page moves on (the form stays busy), or with a message to
   * show on the code field; rejects when the client has already shown why.
   */
  onProof: (proof: PhoneCodeProof) => Promise<string | void>;
}

export function PhoneCodeForm({ scene, messages, submitLabel, pendingLabel, onProof }: PhoneCodeFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [pending, setPending] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  /** The phone when it is valid; else shows why and focuses it. */
  const checkedPhone = (): string | undefined => {
    const value = phone.trim();
    const key = validatePhone(value);
    setErrors((current) => ({ ...current, phone: key && messages[key] }));
    if (key) {
      phoneRef.current?.focus();
      return undefined;
    }
    return value;
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = checkedPhone();
    if (!to) return;
    const codeKey = validateCode(code);
    setErrors({ code: codeKey && messages[codeKey] });
    if (codeKey) return codeRef.current?.focus();
    setPending(true);
    try {
      const refusal = await onProof({ phone: to, code });
      if (!refusal) return;
      setErrors({ code: refusal });
    } catch {
      // The client showed the gateway's message.
    }
    setPending(false);
    codeRef.current?.select();
  };

  return (
    <Form onSubmit={onSubmit} pending={pending}>
      <PhoneField
        ref={phoneRef}
        messages={messages}
        value={phone}
        error={errors.phone}
        onChange={(event) => {
          setPhone(event.target.value);
          if (errors.phone) setErrors((current) => ({ ...current, phone: undefined }));
        }}
      />
      <CodeFields
        scene={scene}
        messages={messages}
        phone={checkedPhone}
        code={code}
        codeRef={codeRef}
        codeError={errors.code}
        onCodeChange={(value) => {
          setCode(value);
          if (errors.code) setErrors((current) => ({ ...current, code: undefined }));
        }}
      />
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  );
}
