/** The caller's training progress over projects and tasks, with an export into the download centre. */
import type { TrainingProgressItem } from '@/api/learning-types';
import { exportTrainingProgress, getTrainingProgressPage } from '@/api/study';
import { formatDay } from '@/components/study/format';
import { ExportedTable, NameCell, ProgressCells } from '@/components/study/train-parts';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { localizePath } from '@/i18n/locale-path';

export function ProgressTab({ locale, messages: m }: TrainTabProps) {
  const hrefOf = (item: TrainingProgressItem) =>
    localizePath(
      `${item.kind === 'project' ? '/train/project' : '/account/task'}/${encodeURIComponent(item.id)}`,
      locale,
    );
  return (
    <ExportedTable
      messages={m}
      exportLabel={m['study.train.exportProgress']}
      exportStart={() => exportTrainingProgress()}
      load={(page, signal) => getTrainingProgressPage({ pageCurrent: page }, { isShowErrTip: false, signal })}
      head={[
        m['study.train.name'],
        m['study.train.kind'],
        m['study.train.status'],
        m['study.train.progressCol'],
        m['study.train.requiredDone'],
        m['study.train.electiveDone'],
        m['study.train.credit'],
        m['study.train.updatedAt'],
      ]}
      row={(item: TrainingProgressItem) => (
        <tr key={`${item.kind}:${item.id}`} className="border-t">
          <NameCell href={hrefOf(item)}>{item.name}</NameCell>
          <td className="px-3 py-2 whitespace-nowrap">{m[`study.train.kind.${item.kind}`]}</td>
          <ProgressCells status={item.learningStatus} value={item.studyProgress} messages={m} />
          <td className="px-3 py-2 tabular-nums">{`${item.requiredCompleted}/${item.requiredCount}`}</td>
          <td className="px-3 py-2 tabular-nums">{`${item.electiveCompleted}/${item.electiveCount}`}</td>
          <td className="px-3 py-2 tabular-nums">{item.creditHours}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDay(item.updatedAt)}</td>
        </tr>
      )}
    />
  );
}
