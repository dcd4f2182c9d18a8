/**
 * Form pieces of the sign-in side and the enterprise choice: the form, a labelled input with
 * its hint and error, a submit button and an alert about the whole form.
 */
import {
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { primaryButton } from '@/components/ui/button-class';
import { classes } from '@/components/ui/classes';
import { fieldFrame } from '@/components/ui/field';

/**
 * shadcn's `Input` (without its `file:` and `dark:` parts) and `Label`, without those modules'
 * `cn` and tailwind-merge. Kept beside their one user, out of the chunk every page loads.
 */
const inputClass = classes(
  fieldFrame,
  'placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground h-9 w-full min-w-0 bg-transparent py-1 text-base shadow-xs transition-[color,box-shadow] disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm aria-invalid:ring-destructive/20 aria-invalid:border-destructive',
);

const labelClass = 'flex items-center gap-2 text-sm leading-none font-medium select-none';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** A standing explanation under the input (the password rule). */
  hint?: string;
  /** Controls beside the input (captcha picture, send-code button). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; the hint and the error are tied to it with `aria-describedby`. */
export function TextField({ label, error, hint, addon, id, className, ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`grid gap-2 ${className ?? ''}`}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={fieldId}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

interface SubmitButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
}

/** The form's main button; shows a spinner and the pending text while the call runs. */
export function SubmitButton({ pending, label, pendingLabel, disabled }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending || disabled} className={`${primaryButton} mt-2 w-full`}>
      {pending && <LoaderCircleIcon className="size-4 animate-spin" />}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** An error or notice about the whole form (not one field), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  const look =
    tone === 'error'
      ? 'border-destructive/40 text-destructive'
      : tone === 'success'
        ? 'border-success/40 text-foreground'
        : 'bg-muted border-transparent';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${look}`}>
      {children}
    </div>
  );
}

/** Set once a form of this page has hydrated: forms shown later start enabled. */
let pageHydrated = false;

interface FormProps {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  pending: boolean;
  children: ReactNode;
}

/**
 * A form whose controls stay disabled until the island has hydrated: before that, a submit
 * would be the browser's own, a GET that puts the fields (the password too) in the address.
 */
export function Form({ onSubmit, pending, children }: FormProps) {
  const [ready, setReady] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setReady(true);
  }, []);
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending}>
      <fieldset disabled={!ready} className="m-0 grid min-w-0 gap-4 border-0 p-0">
        {children}
      </fieldset>
    </form>
  );
}
