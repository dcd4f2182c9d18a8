/**
 * A 1–5 star rating: shown (fractions filled in part) or, with `onChange`, chosen with five
 * buttons (Tab to each, arrow keys move between them, Enter or Space rates).
 */
import StarIcon from 'lucide-react/icons/star';
import { useRef, type KeyboardEvent } from 'react';

/** Spec section 5: a course rating is 1 to 5. */
export const MAX_STARS = 5;

interface StarsProps {
  /** 0–5; fractions are drawn in part when shown. */
  value: number;
  /** Display: the whole rating as text ('Rated 4.5 out of 5'). Input: the name of the group. */
  label: string;
  /** Input only: the name of each star, `{value}` filled in ('{value} stars'). */
  itemLabel?: string;
  onChange?: (value: number) => void;
  disabled?: boolean;
  className?: string;
}

function Star({ fill, size }: { fill: number; size: string }) {
  return (
    <span className={`relative inline-block ${size}`} aria-hidden="true">
      <StarIcon className={`text-muted-foreground/40 absolute inset-0 ${size}`} />
      {fill > 0 && (
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${Math.round(fill * 100)}%` }}>
          <StarIcon className={`${size} fill-amber-400 text-amber-400`} />
        </span>
      )}
    </span>
  );
}

export function Stars({ value, label, itemLabel = '{value}', onChange, disabled, className }: StarsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const clamped = Math.max(0, Math.min(MAX_STARS, Number.isFinite(value) ? value : 0));
  const stars = Array.from({ length: MAX_STARS }, (_, i) => i + 1);

  if (!onChange) {
    return (
      <span role="img" aria-label={label} className={`inline-flex items-center gap-0.5 ${className ?? ''}`}>
        {stars.map((n) => (
          <Star key={n} size="size-4" fill={Math.max(0, Math.min(1, clamped - n + 1))} />
        ))}
      </span>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    let target = step ? n + step : undefined;
    if (event.key === 'Home') target = 1;
    if (event.key === 'End') target = MAX_STARS;
    if (!target || target < 1 || target > MAX_STARS) return;
    event.preventDefault();
    refs.current[target - 1]?.focus();
  };

  return (
    <div role="group" aria-label={label} className={`inline-flex items-center gap-1 ${className ?? ''}`}>
      {stars.map((n) => (
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
