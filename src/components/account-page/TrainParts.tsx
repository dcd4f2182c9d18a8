/**
 * The train page's lists on the account page (loaded with the tab that shows them): the study
 * tasks (`change=1`) and the training tab (`change=2`: training progress, or the projects).
 */
import type { AccountPageMessages } from '@/components/account-page/messages';
import { switchPart, type TrainingPart } from '@/components/account-page/query';
import { ProgressTab } from '@/components/study/ProgressTab';
import { ProjectsTab } from '@/components/study/ProjectsTab';
import { TasksTab } from '@/components/study/TasksTab';
import type { Locale } from '@/i18n/locale-path';

interface PartProps {
  locale: Locale;
  messages: AccountPageMessages;
}

export function TasksPart({ locale, messages }: PartProps) {
  return <TasksTab locale={locale} messages={messages} />;
}

const PART_LABEL = { progress: 'study.train.progress', projects: 'study.train.projects' } as const;

export function TrainingPart({
  locale,
  messages: m,
  part,
  onPart,
}: PartProps & { part: TrainingPart; onPart: (search: string) => void }) {
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={m['accountPage.tab.2']} className="flex flex-wrap gap-2">
        {(['progress', 'projects'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={part === p}
            onClick={() => p !== part && onPart(switchPart(location.search, p))}
            className="focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]"
          >
            {m[PART_LABEL[p]]}
          </button>
        ))}
      </div>
      {part === 'progress' ? (
        <ProgressTab key="progress" locale={locale} messages={m} />
      ) : (
        <ProjectsTab key="projects" locale={locale} messages={m} />
      )}
    </div>
  );
}
