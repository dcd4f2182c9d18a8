/** Pieces the community's list, post and answers share: the byline, pictures, counts and the login-needed note. */
import type { CommunityAuthor } from '@/api/community-types';
import type { CommunityMessages } from '@/components/community/messages';
import { Avatar } from '@/components/message/Avatar';
import { Moment } from '@/components/message/Moment';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

type M = CommunityMessages;

/** Who wrote it and when; "edited" when changed later. */
export function Byline({
  author,
  createdAt,
  updatedAt,
  locale,
  m,
  size = 'size-9',
}: {
  author: CommunityAuthor;
  createdAt: string;
  updatedAt?: string;
  locale: Locale;
  m: M;
  size?: string;
}) {
  const edited = updatedAt !== undefined && new Date(updatedAt).getTime() - new Date(createdAt).getTime() > 1000;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar name={author.userName} src={author.headPortrait} className={size} />
      <span className="truncate font-medium">{author.userName}</span>
      <Moment value={createdAt} locale={locale} className="text-muted-foreground shrink-0 text-xs" />
      {edited && <span className="text-muted-foreground shrink-0 text-xs">{m['community.edited']}</span>}
    </div>
  );
}

/** Pictures as thumbnails; each opens whole in a new tab. */
export function Gallery({ images, m, small }: { images: string[]; m: M; small?: boolean }) {
  if (images.length === 0) return null;
  return (
    <ul aria-label={m['community.pictures']} className="flex flex-wrap gap-2">
      {images.map((src, i) => (
        <li key={src}>
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={fill(m['community.picture'], { n: i + 1 })}
            className="focus-visible:ring-ring/50 bg-muted block overflow-hidden rounded-md border outline-none focus-visible:ring-[3px]"
          >
            <img
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              className={small ? 'size-20 object-cover' : 'h-36 w-48 object-cover sm:h-44 sm:w-60'}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Counts in a row, as words ("12 views"). */
export function Counts({ items }: { items: string[] }) {
  return (
    <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs tabular-nums">
      {items.map((text) => (
        <span key={text}>{text}</span>
      ))}
    </p>
  );
}

/** "Sign in to like" with the sign-in link, said where the action was tried. */
export function LoginNeeded({ text, m }: { text: string | undefined; m: M }) {
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {text && <LoginFirst text={text} linkText={m['study.signIn']} look="inline" />}
    </div>
  );
}

/** The start of a text on one line, with an ellipsis when it goes on. */
export function snippet(text: string, cut: boolean): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return cut ? `${flat}…` : flat;
}
