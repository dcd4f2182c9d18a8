/**
 * A course in a grid: cover, name (the link to its detail page, in the page's language),
 * category, lecturers, duration, credit hours, learners, rating and the caller's status and
 * progress.
 */
import type { CourseItem } from '@/api/learning-types';
import { durationMinutes } from '@/components/learning/duration';
import type { CourseCardMessages } from '@/components/learning/messages';
import { Stars } from '@/components/learning/Stars';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface CourseCardProps {
  course: CourseItem;
  locale: Locale;
  messages: CourseCardMessages;
  /** Where course details live: `/knowledge/course` (default), `/knowledgeOld/course`, `/train/course`. */
  basePath?: string;
  /** Heading level of the name in the page's outline. */
  headingLevel?: 2 | 3 | 4;
}

const fill = (template: string, value: string | number) => template.replace('{value}', String(value));

const STATUS_TONE = ['bg-muted text-muted-foreground', 'bg-amber-100 text-amber-800', 'bg-emerald-100 text-emerald-800'];

/** The detail page of a course, localized. */
export function courseHref(id: string, locale: Locale, basePath = '/knowledge/course'): string {
  return localizePath(`${basePath}/${encodeURIComponent(id)}`, locale);
}

export function CourseCard({ course, locale, messages: m, basePath, headingLevel = 3 }: CourseCardProps) {
  const Heading = `h${headingLevel}` as const;
  const minutes = durationMinutes(course.totalDuration);
  const lecturers = course.lecturers.map((l) => l.name).join('、');
  const status = course.learningStatus;
  return (
    <article className="bg-card text-card-foreground group focus-within:ring-ring/50 relative flex flex-col overflow-hidden rounded-xl border shadow-sm transition-shadow focus-within:ring-[3px] hover:shadow-md">
      <div className="bg-muted relative aspect-video overflow-hidden">
        {course.cover && (
          <img
            src={course.cover}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform group-hover:scale-105"
          />
        )}
        {!course.isFree && (
          <span className="absolute start-2 top-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-medium text-white">
            {m['course.paid']}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-2 text-base leading-snug font-semibold">
          <a
            href={courseHref(course.id, locale, basePath)}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {course.name}
          </a>
        </Heading>
        {course.categoryName && <p className="text-muted-foreground text-xs">{course.categoryName}</p>}
        {lecturers && (
          <p className="text-muted-foreground truncate text-sm">
            {m['course.lecturerNames'].replace('{names}', lecturers)}
          </p>
        )}
        <p className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-1 text-xs">
          {minutes > 0 && <span>{fill(m['learning.duration'], fill(m['learning.minutes'], minutes))}</span>}
          <span>{fill(m['learning.creditHours'], course.creditHours)}</span>
          <span>{fill(m['learning.learners'], course.learnerCount)}</span>
        </p>
        <p className="flex items-center gap-2 text-sm">
          {course.rating > 0 ? (
            <>
              <Stars value={course.rating} label={fill(m['course.ratingValue'], course.rating)} />
              <span aria-hidden="true" className="tabular-nums">
                {course.rating.toFixed(1)}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground text-xs">{m['course.unrated']}</span>
          )}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[status] ?? STATUS_TONE[0]}`}>
            {m[`learning.status.${status}`] ?? m['learning.status.0']}
          </span>
          {status > 0 && (
            <>
              <span
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={course.studyProgress}
                aria-label={fill(m['learning.progress'], course.studyProgress)}
                className="bg-primary/15 h-1.5 flex-1 overflow-hidden rounded-full"
              >
                <span className="bg-primary block h-full" style={{ width: `${course.studyProgress}%` }} />
              </span>
              <span aria-hidden="true" className="text-muted-foreground text-xs tabular-nums">
                {course.studyProgress}%
              </span>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
