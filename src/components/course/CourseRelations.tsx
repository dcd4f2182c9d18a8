/**
 * What a course's page shows around it, loaded after the course: other courses of its category
 * (up to four, as course cards) and the study projects that hold it (links to their pages).
 */
import { startTransition, useEffect, useId, useState, type ReactNode } from 'react';
import { getCourseProjects, getRelatedCourses } from '@/api/course-related';
import type { CourseItem, ProjectItem } from '@/api/learning-types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { CourseCard } from '@/components/learning/CourseCard';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { localizePath, type Locale } from '@/i18n/locale-path';

/** How many related courses the page shows. */
export const RELATED_COURSES = 4;

interface RelationProps {
  courseId: string;
  locale: Locale;
  messages: CourseDetailMessages;
}

function useList<T>(courseId: string, load: (id: string, signal: AbortSignal) => Promise<{ list: T[] }>) {
  const [list, setList] = useState<T[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    load(courseId, controller.signal)
      .then((page) =>
        // Below the fold: rendered in slices, so the page stays responsive while it loads.
        startTransition(() => {
          setList(page.list);
          setStatus(page.list.length ? 'ready' : 'empty');
        }),
      )
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [courseId, round, load]);
  return { list, status, retry: () => setRound((n) => n + 1) };
}

function Region({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const loadRelated = (id: string, signal: AbortSignal) =>
  getRelatedCourses(id, RELATED_COURSES, { signal, isShowErrTip: false });
const loadProjects = (id: string, signal: AbortSignal) => getCourseProjects(id, { signal, isShowErrTip: false });

/** `basePath`: where this page's course details live (`/train/course`), so related courses open alike. */
export function RelatedCourses({ courseId, locale, messages: m, basePath }: RelationProps & { basePath?: string }) {
  const { list, status, retry } = useList<CourseItem>(courseId, loadRelated);
  return (
    <Region title={m['course.related']}>
      <LoadState
        status={status}
        texts={loadTexts(m, m['course.relatedEmpty'])}
        onRetry={retry}
        skeleton={
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: RELATED_COURSES }, (_, i) => (
              <div key={i} className="bg-muted aspect-[4/3] animate-pulse rounded-xl" />
            ))}
          </div>
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {list.slice(0, RELATED_COURSES).map((course) => (
            <li key={course.id} className="grid">
              <CourseCard course={course} locale={locale} messages={m} basePath={basePath} />
            </li>
          ))}
        </ul>
      </LoadState>
    </Region>
  );
}

export function CourseProjects({ courseId, locale, messages: m }: RelationProps) {
  const { list, status, retry } = useList<ProjectItem>(courseId, loadProjects);
  return (
    <Region title={m['course.projects']}>
      <LoadState status={status} texts={loadTexts(m, m['course.projectsEmpty'])} onRetry={retry}>
        <ul className="grid gap-2">
          {list.map((project) => (
            <li
              key={project.id}
              className="hover:bg-accent focus-within:ring-ring/50 relative grid gap-1 rounded-lg border p-3 focus-within:ring-[3px]"
            >
              {/* The whole row is the link's target; its name is the project's alone. */}
              <a
                href={localizePath(`/knowledge/project/${encodeURIComponent(project.id)}`, locale)}
                className="text-sm font-medium outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
              >
                {project.name}
              </a>
              <span className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
                <span>{m['course.projectCourses'].replace('{value}', String(project.courseCount))}</span>
                <span>{m['learning.learners'].replace('{value}', String(project.learnerCount))}</span>
              </span>
            </li>
          ))}
        </ul>
      </LoadState>
    </Region>
  );
}
