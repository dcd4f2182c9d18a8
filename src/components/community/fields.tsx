/**
 * A text field of the community's forms (title, text, answer): its label, a counter of the
 * characters against the limit, and the field's own message. The same length rules as the
 * gateway's (trimmed, counted in characters), so a refusal there is rare.
 */
import type { RefObject } from 'react';
import { fieldFrame } from '@/components/ui/field';
import { fill } from '@/i18n/fill';

const editorField = `${fieldFrame} aria-invalid:border-destructive w-full bg-transparent py-2 text-sm shadow-xs`;

/**
 * Why a text may not be sent: '' when it may.
 *
 * @example textProblem('  ', { required: true, max: 100, empty: '不能为空', tooLong: '最多 {max} 个字' }) → '不能为空'
 */
export function textProblem(value: string, rule: { required: boolean; max: number; empty: string; tooLong: string }): string {
  const text = value.trim();
  if (!text && rule.required) return rule.empty;
  if ([...text].length > rule.max) return fill(rule.tooLong, { max: rule.max });
  return '';
}

interface CountedFieldProps {
  id: string;
  label: string;
  value: string;
  max: number;
  countText: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  /** Several lines (a textarea) rather than one. */
  rows?: number;
  inputRef?: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
}

export function CountedField({ id, label, value, max, countText, onChange, error, placeholder, rows, inputRef }: CountedFieldProps) {
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    placeholder,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${errorId} ${counterId}` : counterId,
  } as const;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {rows ? (
        <textarea
          {...common}
          ref={inputRef as RefObject<HTMLTextAreaElement>}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={`${editorField} resize-y`}
        />
      ) : (
        <input {...common} ref={inputRef as RefObject<HTMLInputElement>} type="text" onChange={(event) => onChange(event.target.value)} className={`${editorField} h-9`} />
      )}
      <div className="flex items-start justify-between gap-3">
        <p id={errorId} role={error ? 'alert' : undefined} className="text-destructive text-sm">
          {error}
        </p>
        <span id={counterId} className="text-muted-foreground shrink-0 text-xs tabular-nums">
          {fill(countText, { count: value.length, max })}
        </span>
      </div>
    </div>
  );
}
