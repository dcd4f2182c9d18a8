/**
 * A course of a study task or project as a row: cover, name (the link into the player, or plain
 * text when the caller cannot study yet), required or elective, length, credit hours, status
 * and progress.
 */
import type { CourseItem } from '@/api/learning-types';
import { LockIcon } from '@/components/layout/icons';
import { durationText } from '@/components/learning/duration';
import { StatusProgress } from '@/components/learning/StatusProgress';
import type { CourseItemMessages } from '@/components/study/messages';
import { fill } from '@/i18n/fill';

interface StudyCourseItemProps {
  course: CourseItem & { required: boolean };
  /** The player URL; none when the course cannot be studied now. */
  href?: string;
  messages: CourseItemMessages;
}

export function StudyCourseItem({ course, href, messages: m }: StudyCourseItemProps) {
  const length = durationText(course.totalDuration);
  const status = course.learningStatus;
  const lecturers = course.lecturers.map((l) => l.name).join('、');
  return (
    <li className="bg-card focus-within:ring-ring/50 relative flex gap-4 rounded-lg border p-3 focus-within:ring-[3px]">
      <div className="bg-muted aspect-video w-32 shrink-0 overflow-hidden rounded-md sm:w-40">
        {course.cover && (
          <img src={course.cover} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-medium ${course.required ? 'bg-primary/10 text-primary' : 'bg-secondary text-secondary-foreground'}`}
          >
            {course.required ? m['study.required'] : m['study.elective']}
          </span>
          {href ? (
            <a
              href={href}
              className="font-medium outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {course.name}
            </a>
          ) : (
            <span className="text-muted-foreground inline-flex items-center gap-1 font-medium" aria-disabled="true">
              <LockIcon aria-hidden="true" className="size-3.5" />
              {course.name}
            </span>
          )}
        </p>
        {lecturers && <p className="text-muted-foreground truncate text-xs">{lecturers}</p>}
        <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
          {length && <span>{fill(m[length.key], { value: length.value })}</span>}
          <span>{fill(m['learning.creditHours'], { value: course.creditHours })}</span>
        </p>
        <div className="mt-auto flex items-center gap-2">
          <StatusProgress
            status={status}
            statusText={m[`learning.status.${status}`] ?? m['learning.status.0']}
            progress={course.studyProgress}
            progressLabel={fill(m['learning.progress'], { value: course.studyProgress })}
            barWidth="max-w-48"
          />
          <span className={`ms-auto text-xs font-medium ${href ? 'text-primary' : 'text-muted-foreground'}`}>
            {href ? m['study.openCourse'] : m['study.courseLocked']}
          </span>
        </div>
      </div>
    </li>
  );
}

/** Required courses first, then electives, each under its heading; nothing for an empty list. */
export function StudyCourseList({
  courses,
  hrefOf,
  messages: m,
  headingLevel = 3,
}: {
  courses: (CourseItem & { required: boolean })[];
  hrefOf: (course: CourseItem) => string | undefined;
  messages: CourseItemMessages;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const groups = [
    { key: 'required', title: m['study.requiredCourses'], list: courses.filter((c) => c.required) },
    { key: 'elective', title: m['study.electiveCourses'], list: courses.filter((c) => !c.required) },
  ].filter((g) => g.list.length > 0);
  return (
    <>
      {groups.map((g) => (
        <section key={g.key} className="grid gap-2">
          <Heading className="text-sm font-semibold">{`${g.title} (${g.list.length})`}</Heading>
          <ul className="grid gap-2">
            {g.list.map((course) => (
              <StudyCourseItem key={course.id} course={course} href={hrefOf(course)} messages={m} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
