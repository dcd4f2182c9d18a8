/**
 * A course in a grid: cover, name (the link to its detail page, in the page's language),
 * category, lecturers, duration, credit hours, learners, rating and the caller's status and
 * progress.
 */
import type { CourseItem } from '@/api/learning-types';
import { durationText } from '@/components/learning/duration';
import type { CourseCardMessages } from '@/components/learning/messages';
import { StatusProgress } from '@/components/learning/StatusProgress';
import { CardCover } from '@/components/ui/card-cover';
import { Stars } from '@/components/ui/stars';
import { fill } from '@/i18n/fill';
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

/** The detail page of a course, localized. */
export function courseHref(id: string, locale: Locale, basePath = '/knowledge/course'): string {
  return localizePath(`${basePath}/${encodeURIComponent(id)}`, locale);
}

/** `付费 ¥199.00`, or `付费` for a paid course without a price. */
function paidBadge(price: number | null, m: CourseCardMessages): string {
  return price === null ? m['course.paid'] : `${m['course.paid']} ${fill(m['course.price'], { value: price.toFixed(2) })}`;
}

export function CourseCard({ course, locale, messages: m, basePath, headingLevel = 3 }: CourseCardProps) {
  const Heading = `h${headingLevel}` as const;
  const length = durationText(course.totalDuration);
  const lecturers = course.lecturers.map((l) => l.name).join('、');
  const status = course.learningStatus;
  return (
    <article className="bg-card text-card-foreground group focus-within:ring-ring/50 relative flex flex-col overflow-hidden rounded-xl border shadow-sm transition-shadow focus-within:ring-[3px] hover:shadow-md">
      <CardCover src={course.cover} badge={course.isFree ? undefined : paidBadge(course.price, m)} badgeTone="bg-amber-700" />
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
          {length && <span>{fill(m['learning.duration'], { value: fill(m[length.key], { value: length.value }) })}</span>}
          <span>{fill(m['learning.creditHours'], { value: course.creditHours })}</span>
          <span>{fill(m['learning.learners'], { value: course.learnerCount })}</span>
        </p>
        <p className="flex items-center gap-2 text-sm">
          {course.rating > 0 ? (
            <>
              <Stars value={course.rating} label={fill(m['course.ratingValue'], { value: course.rating })} />
              <span aria-hidden="true" className="tabular-nums">
                {course.rating.toFixed(1)}
              </span>
            </>
          ) : (
            <span className="text-muted-foreground text-xs">{m['course.unrated']}</span>
          )}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <StatusProgress
            status={status}
            statusText={m[`learning.status.${status}`] ?? m['learning.status.0']}
            progress={course.studyProgress}
            progressLabel={fill(m['learning.progress'], { value: course.studyProgress })}
            barWhenStarted
          />
        </div>
      </div>
    </article>
  );
}
