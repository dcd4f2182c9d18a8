/** A member's picture, or the first letter of their name on a tint when there is none (or it fails). */
import { useState } from 'react';

const TINTS = [
  'bg-sky-100 text-sky-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
  'bg-teal-100 text-teal-800',
];

/** The same name always gets the same tint. */
function tintOf(name: string): string {
  let sum = 0;
  for (const ch of name) sum = (sum * 31 + ch.codePointAt(0)!) >>> 0;
  return TINTS[sum % TINTS.length]!;
}

export function PersonAvatar({ name, src, className = 'size-9' }: { name: string; src?: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const showImage = Boolean(src) && !failed;
  return (
    <span
      aria-hidden="true"
      className={`${className} ${showImage ? 'bg-muted' : tintOf(name)} flex shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-semibold`}
    >
      {showImage ? (
        <img src={src} alt="" loading="lazy" decoding="async" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        initial
      )}
    </span>
  );
}
