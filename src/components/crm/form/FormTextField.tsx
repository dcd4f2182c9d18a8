/**
 * The labelled text field of the back office's forms: an `Input` (or a `Textarea`) with its
 * label, an optional standing hint and the field's error, tied to it by ids derived from `id`
 * (`<id>-hint`, `<id>-error`) through `aria-describedby`, and marked `aria-invalid` while the
 * error shows. Spread react-hook-form's `register(name)` result on it like any input props.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The `aria-describedby` of a field with this hint and error; undefined when neither shows. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** The error line of the field `id` (nothing without an error). */
export function FieldError({ id, error, className = 'text-destructive text-sm' }: { id: string; error?: string; className?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={className}>
      {error}
    </p>
  );
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  /** A standing explanation under the field. */
  hint?: string;
  /** The field's error, already in the user's language. */
  error?: string;
  /** Classes of the wrapper (label, field, hint and error). */
  className?: string;
  /** Classes of the input itself. */
  inputClassName?: string;
}

type InputField = FieldFrame & { multiline?: false } & Omit<ComponentProps<'input'>, 'id' | 'className'>;
type TextareaField = FieldFrame & { multiline: true } & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;
export type FormTextFieldProps = InputField | TextareaField;

export function FormTextField(props: FormTextFieldProps) {
  const { id, label, hint, error, className = 'grid gap-2', inputClassName, ...control } = props;
  const aria = { id, className: inputClassName, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, hint) };
  let field: ReactNode;
  if (control.multiline) {
    const { multiline: _multiline, ...rest } = control;
    field = <Textarea {...aria} {...rest} />;
  } else {
    const { multiline: _multiline, ...rest } = control;
    field = <Input {...aria} {...rest} />;
  }
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {field}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
