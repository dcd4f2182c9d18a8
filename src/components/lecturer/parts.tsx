/** Pieces the lecturer pages share: a lecturer's link and level, and the figures of what they teach. */
import { useState, type ReactNode } from 'react';
import type { LecturerItem } from '@/api/lecturer-types';
import type { LecturerSharedMessages } from '@/components/lecturer/messages';
import { Stars } from '@/components/ui/stars';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

/**
 * A lecturer's page, in the page's language.
 *
 * @example lecturerHref('a1', 'en') → '/en/lecturer/view/a1'
 */
export function lecturerHref(id: string, locale: Locale): string {
  return localizePath(`/lecturer/view/${encodeURIComponent(id)}`, locale);
}

/**
 * A lecturer's portrait: their picture, or the first letter of their name on the brand tint
 * when there is none (or it fails to load). Decorative: the name is always written beside it.
 */
export function LecturerPortrait({ name, src, className = 'size-10 text-base' }: { name: string; src?: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span
      aria-hidden="true"
      className={`${className} bg-primary/10 text-primary flex shrink-0 items-center justify-center overflow-hidden rounded-2xl font-semibold`}
    >
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" decoding="async" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        name.trim().charAt(0).toUpperCase() || '?'
      )}
    </span>
  );
}

const LEVEL_TONES: Record<number, string> = {
  1: 'bg-slate-100 text-slate-700',
  2: 'bg-sky-100 text-sky-800',
  3: 'bg-emerald-100 text-emerald-800',
  4: 'bg-violet-100 text-violet-800',
  5: 'bg-amber-100 text-amber-900',
};

/** The level 1–5 as its name on a tint; a level out of range shows the lowest. */
export function LevelBadge({ level, messages: m }: { level: number; messages: LecturerSharedMessages }) {
  const known = level >= 1 && level <= 5 ? (level as 1 | 2 | 3 | 4 | 5) : 1;
  return (
    <span className={`${LEVEL_TONES[known]} inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs font-medium`}>
      {m[`lecturer.level.${known}`]}
    </span>
  );
}

/** The average rating as stars and one decimal, or "not rated yet". */
export function RatingFigure({ rating, messages: m }: { rating: number; messages: LecturerSharedMessages }) {
  if (rating <= 0) return <span className="text-muted-foreground">{m['lecturer.unrated']}</span>;
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Stars value={rating} label={fill(m['lecturer.ratingValue'], { value: rating.toFixed(1) })} />
      <span aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}

/** Courses, learners and the average rating as a small definition list. */
export function LecturerFigures({
  lecturer,
  messages: m,
  className = '',
}: {
  lecturer: Pick<LecturerItem, 'courseCount' | 'learnerCount' | 'rating'>;
  messages: LecturerSharedMessages;
  className?: string;
}) {
  const figure = (label: string, value: ReactNode) => (
    <div className="flex items-baseline gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className={`flex flex-wrap gap-x-4 gap-y-1 text-xs ${className}`}>
      {figure(m['lecturer.courses'], lecturer.courseCount)}
      {figure(m['lecturer.learners'], lecturer.learnerCount)}
      {figure(m['lecturer.rating'], <RatingFigure rating={lecturer.rating} messages={m} />)}
    </dl>
  );
}
