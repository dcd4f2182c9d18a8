/** A 1–5 star rating as shown: fractions filled in part, read out as one text. */
import StarIcon from 'lucide-react/icons/star';

/** Spec section 5: a course rating is 1 to 5. */
export const STAR_NUMBERS = [1, 2, 3, 4, 5];

/** A rating within 0–5 (0 for anything that is not a number). */
export function clampRating(value: number): number {
  return Math.max(0, Math.min(5, Number.isFinite(value) ? value : 0));
}

/** One star, filled by `fill` (0–1) from the start. */
export function Star({ fill, size }: { fill: number; size: string }) {
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

interface StarsProps {
  /** 0–5; fractions are drawn in part. */
  value: number;
  /** The whole rating as text ('Rated 4.5 out of 5'). */
  label: string;
  className?: string;
}

export function Stars({ value, label, className }: StarsProps) {
  const clamped = clampRating(value);
  return (
    <span role="img" aria-label={label} className={`inline-flex items-center gap-0.5 ${className ?? ''}`}>
      {STAR_NUMBERS.map((n) => (
        <Star key={n} size="size-4" fill={Math.max(0, Math.min(1, clamped - n + 1))} />
      ))}
    </span>
  );
}
