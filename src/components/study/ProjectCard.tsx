/**
 * A study project in a grid: cover, name (the link to its page), free and registration marks,
 * course count, learners, and the caller's registration, status and progress.
 */
import type { ProjectItem } from '@/api/learning-types';
import { StatusProgress } from '@/components/learning/StatusProgress';
import type { ProjectCardMessages } from '@/components/study/messages';
import { CardCover } from '@/components/ui/card-cover';
import { fill } from '@/i18n/fill';

interface ProjectCardProps {
  project: ProjectItem;
  href: string;
  messages: ProjectCardMessages;
  headingLevel?: 2 | 3 | 4;
  /** Smaller, for previews. */
  compact?: boolean;
}

export function ProjectCard({ project, href, messages: m, headingLevel = 3, compact = false }: ProjectCardProps) {
  const Heading = `h${headingLevel}` as const;
  const registration = m[`study.project.registration.${project.registration as 0 | 1 | 2}`];
  const member =
    project.memberStatus != null ? m[`study.project.memberStatus.${project.memberStatus as 0 | 1 | 2}`] : undefined;
  const status = project.learningStatus;
  return (
    <article className="bg-card text-card-foreground group focus-within:ring-ring/50 relative flex flex-col overflow-hidden rounded-xl border shadow-sm transition-shadow focus-within:ring-[3px] hover:shadow-md">
      <CardCover src={project.cover} badge={project.isFree ? m['study.project.free'] : undefined} badgeTone="bg-emerald-700" />
      <div className={`flex flex-1 flex-col gap-2 ${compact ? 'p-3' : 'p-4'}`}>
        <Heading className="line-clamp-2 text-base leading-snug font-semibold">
          <a href={href} className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline">
            {project.name}
          </a>
        </Heading>
        {!compact && project.intro && <p className="text-muted-foreground line-clamp-2 text-sm">{project.intro}</p>}
        <p className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <span>{fill(m['study.courseCount'], { value: project.courseCount })}</span>
          <span>{fill(m['learning.learners'], { value: project.learnerCount })}</span>
          {!compact && <span>{fill(m['learning.creditHours'], { value: project.creditHours })}</span>}
        </p>
        <p className="flex flex-wrap gap-1.5 text-xs">
          {registration && (
            <span className="bg-secondary text-secondary-foreground rounded px-1.5 py-0.5">{registration}</span>
          )}
          {member && <span className="bg-primary/10 text-primary rounded px-1.5 py-0.5">{member}</span>}
        </p>
        {!compact && (
          <div className="mt-auto flex items-center gap-2 pt-1">
            <StatusProgress
              status={status}
              statusText={m[`learning.status.${status}`] ?? m['learning.status.0']}
              progress={project.studyProgress}
              progressLabel={fill(m['learning.progress'], { value: project.studyProgress })}
              barWhenStarted
            />
          </div>
        )}
      </div>
    </article>
  );
}
