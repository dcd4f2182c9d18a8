/** The train page's study projects: all or joined, with counts. */
import type { ProjectCount, ProjectItem } from '@/api/learning-types';
import { getProjectCount, getProjectPage } from '@/api/study';
import { ProjectCard } from '@/components/study/ProjectCard';
import { FilteredPaged, useCount, useFilter } from '@/components/study/train-parts';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { fill } from '@/i18n/fill';
import { localizePath } from '@/i18n/locale-path';

export function ProjectsTab({ locale, messages: m }: TrainTabProps) {
  const [joined, setJoined] = useFilter(['all', 'joined'] as const);
  const count = useCount<ProjectCount>(getProjectCount);
  return (
    <FilteredPaged
      messages={m}
      value={joined}
      onChange={setJoined}
      options={[
        { value: 'all', label: fill(m['study.train.allProjects'], { count: count?.total ?? '–' }) },
        { value: 'joined', label: fill(m['study.train.joinedProjects'], { count: count?.joined ?? '–' }) },
      ]}
      load={(page, signal) =>
        getProjectPage(
          { pageCurrent: page, ...(joined === 'joined' ? { joined: true } : {}) },
          { isShowErrTip: false, signal },
        )
      }
    >
      {(list: ProjectItem[]) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.map((project) => (
            <li key={project.id} className="grid">
              <ProjectCard
                project={project}
                href={localizePath(`/train/project/${encodeURIComponent(project.id)}`, locale)}
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
