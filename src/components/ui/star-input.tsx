/**
 * A 1–5 star rating chosen with five buttons: Tab to each, arrow keys, Home and End move between
 * them, Enter or Space rates.
 */
import { useRef, type KeyboardEvent } from 'react';
import { clampRating, Star, STAR_NUMBERS } from '@/components/ui/stars';

interface StarInputProps {
  /** The rating given so far, 0 for none. */
  value: number;
  /** The name of the group ('Rate this course'). */
  label: string;
  /** The name of each star, `{value}` filled in ('{value} stars'). */
  itemLabel?: string;
  onChange: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

export function StarInput({ value, label, itemLabel = '{value}', onChange, disabled, className }: StarInputProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const clamped = clampRating(value);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    let target = step ? n + step : undefined;
    if (event.key === 'Home') target = 1;
    if (event.key === 'End') target = STAR_NUMBERS.length;
    if (!target || target < 1 || target > STAR_NUMBERS.length) return;
    event.preventDefault();
    refs.current[target - 1]?.focus();
  };

  return (
    <div role="group" aria-label={label} className={`inline-flex items-center gap-1 ${className ?? ''}`}>
      {STAR_NUMBERS.map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          disabled={disabled}
          aria-pressed={Math.round(clamped) === n}
          aria-label={itemLabel.replace('{value}', String(n))}
          onClick={() => onChange(n)}
          onKeyDown={(event) => onKeyDown(event, n)}
          className="focus-visible:ring-ring/50 rounded-sm p-0.5 outline-none hover:scale-110 focus-visible:ring-[3px] disabled:opacity-50"
        >
          <Star size="size-6" fill={n <= clamped ? 1 : 0} />
        </button>
      ))}
    </div>
  );
}
