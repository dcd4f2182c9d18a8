/** A study task in a list: name (the link to its page), type, dates, courses, status and progress. */
import type { StudyTaskItem } from '@/api/learning-types';
import { formatDay } from '@/components/study/format';
import { StatusProgress } from '@/components/learning/StatusProgress';
import type { TaskCardMessages } from '@/components/study/messages';
import { fill } from '@/i18n/fill';

interface TaskCardProps {
  task: StudyTaskItem;
  href: string;
  messages: TaskCardMessages;
  headingLevel?: 2 | 3 | 4;
}

/** The task type's label, or the learning type's for an unknown type. */
export function taskTypeLabel(m: Pick<TaskCardMessages, `study.taskType.${1 | 2 | 3 | 4}`>, type: number): string {
  return m[`study.taskType.${([1, 2, 3, 4].includes(type) ? type : 1) as 1 | 2 | 3 | 4}`];
}

export function TaskCard({ task, href, messages: m, headingLevel = 3 }: TaskCardProps) {
  const Heading = `h${headingLevel}` as const;
  const status = task.learningStatus;
  const range = fill(m['study.dateRange'], {
    start: formatDay(task.startAt),
    end: task.endAt ? formatDay(task.endAt) : m['study.noEnd'],
  });
  return (
    <article className="bg-card focus-within:ring-ring/50 relative flex gap-4 rounded-xl border p-4 shadow-sm focus-within:ring-[3px] hover:shadow-md">
      <div className="bg-muted hidden aspect-video w-40 shrink-0 overflow-hidden rounded-md sm:block">
        {task.cover && (
          <img src={task.cover} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="bg-primary/10 text-primary rounded px-1.5 py-0.5 text-xs font-medium">
            {taskTypeLabel(m, task.taskType)}
          </span>
          <Heading className="text-base font-semibold">
            <a href={href} className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline">
              {task.name}
            </a>
          </Heading>
        </p>
        <p className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
          <span>{range}</span>
          <span>{fill(m['study.courseCount'], { value: task.courseCount })}</span>
        </p>
        {task.expired && <p className="text-destructive text-xs">{m['learning.timeExpired']}</p>}
        <div className="mt-auto flex items-center gap-2">
          <StatusProgress
            status={status}
            statusText={m[`learning.status.${status}`] ?? m['learning.status.0']}
            progress={task.studyProgress}
            progressLabel={fill(m['learning.progress'], { value: task.studyProgress })}
            barWidth="max-w-60"
          />
        </div>
      </div>
    </article>
  );
}
