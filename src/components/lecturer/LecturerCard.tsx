/**
 * A lecturer in the directory: picture (or initial), name (the link to their page, covering the
 * card), title, level, intro and the figures of what they teach.
 */
import type { LecturerItem } from '@/api/lecturer-types';
import { LecturerFigures, LecturerPortrait, LevelBadge, lecturerHref } from '@/components/lecturer/parts';
import type { LecturerSharedMessages } from '@/components/lecturer/messages';
import type { Locale } from '@/i18n/locale-path';

interface LecturerCardProps {
  lecturer: LecturerItem;
  locale: Locale;
  messages: LecturerSharedMessages;
}

export function LecturerCard({ lecturer, locale, messages: m }: LecturerCardProps) {
  return (
    <article className="bg-card text-card-foreground focus-within:ring-ring/50 relative flex h-full gap-4 rounded-xl border p-4 shadow-xs transition-shadow focus-within:ring-[3px] hover:shadow-md">
      <LecturerPortrait name={lecturer.name} src={lecturer.avatar} className="size-16 text-xl" />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate text-base font-semibold">
            <a
              href={lecturerHref(lecturer.id, locale)}
              className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {lecturer.name}
            </a>
          </h3>
          <LevelBadge level={lecturer.level} messages={m} />
        </div>
        {lecturer.title && (
          <p title={lecturer.title} className="text-primary truncate text-sm font-medium">
            {lecturer.title}
          </p>
        )}
        {lecturer.intro && <p className="text-muted-foreground line-clamp-2 text-sm">{lecturer.intro}</p>}
        <LecturerFigures lecturer={lecturer} messages={m} className="mt-1" />
      </div>
    </article>
  );
}
