/**
 * A study project (`/knowledge/project/{id}`, `/knowledgeOld/project/{id}`, `/train/project/{id}`
 * and the `?id=` pages): its information, lecturers, phases with their required and elective
 * courses, the caller's progress, like, collection, comments and related projects, and the
 * Register button its registration mode asks for. While the caller may not study it, the
 * course links are off and the reason is shown ('Unable to study, please register first', …).
 * Admins and the project's lecturers also get its registrations to review.
 */
import { useStore } from '@nanostores/react';
import HeartIcon from 'lucide-react/icons/heart';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CourseItem, ProjectCourse, ProjectDetail, ProjectItem } from '@/api/learning-types';
import {
  admireProject,
  applyProject,
  getPhaseContent,
  getProject,
  getProjectCourses,
  getProjectElectiveCourses,
  getRelatedProjects,
  isNotFound,
  setStudyCollected,
} from '@/api/study';
import { formatDay } from '@/components/study/format';
import type { ProjectMessages } from '@/components/study/messages';
import { ProjectCard } from '@/components/study/ProjectCard';
import { AccessAlert, CollectButton, NotFoundNotice, PageProgress, useBusy } from '@/components/study/DetailParts';
import { StudyComments } from '@/components/study/StudyComments';
import { StudyCourseList } from '@/components/study/StudyCourseItem';
import { outlineButtonSm, primaryButton } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';
import { $token, $user } from '@/stores/session';
import { notify } from '@/stores/toasts';

interface ProjectPageProps {
  locale: Locale;
  messages: ProjectMessages;
  /** The parameterised route this page serves (`/knowledge/project`); `?id=` pages give none. */
  routePath?: string;
  /** Where related projects open (`/knowledge/project`, `/train/project`). */
  projectBase: string;
}

type State = LoadStatus | 'notFound';

/** Only reviewers (admins, the project's lecturers) load the registrations panel. */
const ProjectRegistrations = lazy(() =>
  import('@/components/study/ProjectRegistrations').then((module) => ({ default: module.ProjectRegistrations })),
);

interface Section {
  id: string;
  name: string;
  intro: string;
  courses: ProjectCourse[];
}

function readId(routePath: string | undefined): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const fromPath = routePath ? routeParam(location.pathname, routePath) : undefined;
  return fromPath ?? (new URLSearchParams(location.search).get('id') || undefined);
}

/** The project's courses by phase; one unnamed section when it has no phases. */
async function loadSections(project: ProjectDetail, signal: AbortSignal): Promise<Section[]> {
  const opts = { isShowErrTip: false, signal };
  if (project.phases.length > 0) {
    const contents = await Promise.all(project.phases.map((p) => getPhaseContent(p.id, opts)));
    return contents.map(({ phase, courses }) => ({ id: phase.id, name: phase.name, intro: phase.intro, courses }));
  }
  const [required, elective] = await Promise.all([
    getProjectCourses(project.id, undefined, opts),
    getProjectElectiveCourses(project.id, opts),
  ]);
  return [{ id: project.id, name: '', intro: '', courses: [...required, ...elective] }];
}

export function ProjectPage({ locale, messages: m, routePath, projectBase }: ProjectPageProps) {
  const token = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const user = useStore($user);
  const [id] = useState(() => readId(routePath));
  const [project, setProject] = useState<ProjectDetail>();
  const [state, setState] = useState<State>('loading');
  const [sections, setSections] = useState<Section[]>([]);
  const [sectionState, setSectionState] = useState<LoadStatus>('loading');
  const [related, setRelated] = useState<ProjectItem[]>([]);
  const [reload, setReload] = useState(0);
  const [busy, run] = useBusy();

  useEffect(() => {
    if (!token) return;
    if (!id) {
      setState('notFound');
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    getProject(id, { isShowErrTip: false, signal })
      .then(async (found) => {
        setProject(found);
        setState('ready');
        setSectionState((s) => (s === 'ready' ? s : 'loading'));
        const list = await loadSections(found, signal);
        setSections(list);
        setSectionState(list.some((s) => s.courses.length) ? 'ready' : 'empty');
        const first = list.flatMap((s) => s.courses)[0];
        if (first) {
          const page = await getRelatedProjects({ courseId: first.id, pageSize: 5 }, { isShowErrTip: false, signal });
          setRelated(page.list.filter((p) => p.id !== found.id).slice(0, 4));
        }
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        if (isNotFound(error)) setState('notFound');
        else setState((s) => (s === 'ready' ? s : 'error'));
        setSectionState((s) => (s === 'ready' ? s : 'error'));
      });
    return () => controller.abort();
  }, [id, token, reload]);

  if (!mounted) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;
  if (state === 'notFound') {
    return <NotFoundNotice text={m['study.project.notFound']} />;
  }
  if (state !== 'ready' || !project) {
    return <LoadState status={state} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)} />;
  }

  const register = () =>
    run(async () => {
      const result = await applyProject(project.id);
      notify(result.message);
      setReload((n) => n + 1);
    });

  const toggleLike = () =>
    run(async () => {
      const result = await admireProject(project.id);
      setProject({ ...project, admired: result.admired, admireCount: result.admireCount });
    });

  const toggleCollect = () =>
    run(async () => {
      await setStudyCollected('project', project.id, !project.collected);
      setProject({ ...project, collected: !project.collected });
    });

  const hrefOf = (course: CourseItem) =>
    project.canStudy
      ? localizePath(
          `/watch/course?courseId=${encodeURIComponent(course.id)}&projectId=${encodeURIComponent(project.id)}`,
          locale,
        )
      : undefined;
  const canRegister = project.registration !== 0 && project.memberStatus == null;
  const memberText =
    project.registration !== 0 && project.memberStatus != null
      ? m[`study.project.memberStatus.${project.memberStatus as 0 | 1 | 2}`]
      : undefined;
  const reviewer = Boolean(user && (user.isAdmin || user.isLecturer || user.userType === 2));

  return (
    <div className="grid gap-8">
      <header className="grid gap-4 md:grid-cols-[22rem_1fr]">
        <div className="bg-muted relative aspect-video overflow-hidden rounded-xl">
          {project.cover && <img src={project.cover} alt="" className="size-full object-cover" />}
          {project.isFree && (
            <span className="absolute start-2 top-2 rounded bg-emerald-700 px-1.5 py-0.5 text-xs font-medium text-white">
              {m['study.project.free']}
            </span>
          )}
        </div>
        <div className="grid content-start gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{project.name}</h1>
          {project.intro && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{project.intro}</p>}
          <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span>{fill(m['study.courseCount'], { value: project.courseCount })}</span>
            <span>{fill(m['learning.learners'], { value: project.learnerCount })}</span>
            <span>{fill(m['learning.creditHours'], { value: project.creditHours })}</span>
            <span>
              {fill(m['study.dateRange'], {
                start: formatDay(project.startAt),
                end: project.studyEndAt ? formatDay(project.studyEndAt) : m['study.noEnd'],
              })}
            </span>
            {project.studyUntil && (
              <span>{fill(m['study.project.studyUntil'], { date: formatDay(project.studyUntil) })}</span>
            )}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-xs">
            <span className="bg-secondary text-secondary-foreground rounded px-1.5 py-0.5">
              {m[`study.project.registration.${project.registration as 0 | 1 | 2}`]}
            </span>
            {memberText && <span className="bg-primary/10 text-primary rounded px-1.5 py-0.5">{memberText}</span>}
          </p>
          {/* Progress belongs to members: a project not joined yet has none of the caller's. */}
          {(project.registration === 0 || project.memberStatus === 1) && (
            <PageProgress status={project.learningStatus} progress={project.studyProgress} messages={m} />
          )}
          <div className="flex flex-wrap items-center gap-2">
            {canRegister && (
              <button className={primaryButton} type="button" disabled={busy} onClick={() => void register()}>
                {m['study.project.register']}
              </button>
            )}
            <button
              className={outlineButtonSm}
              type="button"
              aria-pressed={project.admired}
              disabled={busy}
              onClick={() => void toggleLike()}
            >
              <HeartIcon aria-hidden="true" className={project.admired ? 'fill-current text-rose-500' : undefined} />
              {project.admired ? m['study.liked'] : m['study.like']}
              <span className="text-muted-foreground tabular-nums">{project.admireCount}</span>
            </button>
            <CollectButton collected={project.collected} disabled={busy} onToggle={() => void toggleCollect()} messages={m} />
          </div>
        </div>
      </header>

      {!project.canStudy && project.accessMessage && (
        <AccessAlert>{project.accessMessage}</AccessAlert>
      )}

      {reviewer && (
        <Suspense fallback={null}>
          <ProjectRegistrations projectId={project.id} messages={m} onDecided={() => setReload((n) => n + 1)} />
        </Suspense>
      )}

      {project.lecturers.length > 0 && (
        <section aria-labelledby="project-lecturers" className="grid gap-3">
          <h2 id="project-lecturers" className="text-lg font-semibold">
            {m['study.project.lecturers']}
          </h2>
          <ul className="flex flex-wrap gap-4">
            {project.lecturers.map((lecturer) => (
              <li key={lecturer.id} className="flex items-center gap-3 rounded-lg border px-3 py-2">
                <span className="bg-muted size-10 shrink-0 overflow-hidden rounded-full">
                  {lecturer.avatar && <img src={lecturer.avatar} alt="" className="size-full object-cover" />}
                </span>
                <span className="grid">
                  <a
                    href={localizePath(`/lecturer/view/${encodeURIComponent(lecturer.id)}`, locale)}
                    className="text-sm font-medium outline-none hover:underline focus-visible:underline"
                  >
                    {lecturer.name}
                  </a>
                  {lecturer.title && <span className="text-muted-foreground text-xs">{lecturer.title}</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="project-phases" className="grid gap-4">
        <h2 id="project-phases" className="text-lg font-semibold">
          {m['study.project.phases']}
        </h2>
        <LoadState status={sectionState} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)}>
          <ol className="grid gap-6">
            {sections.map((section) => (
              <li key={section.id} className="grid gap-3">
                {section.name && (
                  <div>
                    <h3 className="font-semibold">{section.name}</h3>
                    {section.intro && <p className="text-muted-foreground text-sm">{section.intro}</p>}
                  </div>
                )}
                <StudyCourseList courses={section.courses} hrefOf={hrefOf} messages={m} headingLevel={4} />
              </li>
            ))}
          </ol>
        </LoadState>
      </section>

      <StudyComments targetType="project" targetId={project.id} messages={m} />

      {related.length > 0 && (
        <section aria-labelledby="project-related" className="grid gap-3">
          <h2 id="project-related" className="text-lg font-semibold">
            {m['study.project.related']}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item.id} className="grid">
                <ProjectCard
                  project={item}
                  href={localizePath(`${projectBase}/${encodeURIComponent(item.id)}`, locale)}
                  messages={m}
                  compact
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
