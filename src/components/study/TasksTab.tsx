/** The caller's study tasks on the train page, by learning status with counts. */
import type { StudyTaskCount, StudyTaskItem } from '@/api/learning-types';
import { getStudyTaskCount, getStudyTaskPage } from '@/api/study';
import { TaskCard } from '@/components/study/TaskCard';
import { FilteredPaged, useCount, useFilter } from '@/components/study/train-parts';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { fill } from '@/i18n/fill';
import { localizePath } from '@/i18n/locale-path';

type TaskFilter = 'all' | '0' | '1' | '2';

export function TasksTab({ locale, messages: m }: TrainTabProps) {
  const [filter, setFilter] = useFilter<TaskFilter>(['all', '0', '1', '2']);
  const count = useCount<StudyTaskCount>(getStudyTaskCount);
  const counts = { '0': count?.notStarted, '1': count?.learning, '2': count?.completed };
  return (
    <FilteredPaged
      messages={m}
      value={filter}
      onChange={setFilter}
      options={[
        { value: 'all', label: fill(m['study.train.allTasks'], { count: count?.total ?? '–' }) },
        ...(['0', '1', '2'] as const).map((s) => ({
          value: s,
          label: fill(m['study.train.taskStatus'], { label: m[`learning.status.${s}`], count: counts[s] ?? '–' }),
        })),
      ]}
      load={(page, signal) =>
        getStudyTaskPage(
          { pageCurrent: page, ...(filter === 'all' ? {} : { learningStatus: Number(filter) as 0 | 1 | 2 }) },
          { isShowErrTip: false, signal },
        )
      }
    >
      {(list: StudyTaskItem[]) => (
        <ul className="grid gap-3">
          {list.map((task) => (
            <li key={task.id}>
              <TaskCard
                task={task}
                href={localizePath(`/account/task/${encodeURIComponent(task.id)}`, locale)}
                messages={m}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      )}
    </FilteredPaged>
  );
}
