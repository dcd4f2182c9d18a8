/** The caller's learning records course by course, with an export into the download centre. */
import type { CourseProgressRow } from '@/api/learning-types';
import { exportCourseProgress, getCourseProgressPage } from '@/api/study';
import { formatMoment, formatStudyTime } from '@/components/study/format';
import { ExportedTable, NameCell, ProgressCells } from '@/components/study/train-parts';
import type { TrainTabProps } from '@/components/study/train-tab-props';
import { localizePath } from '@/i18n/locale-path';

export function LearningRecordsTab({ locale, messages: m }: TrainTabProps) {
  return (
    <ExportedTable
      messages={m}
      exportLabel={m['study.train.export']}
      exportStart={() => exportCourseProgress()}
      load={(page, signal) => getCourseProgressPage({ pageCurrent: page }, { isShowErrTip: false, signal })}
      head={[
        m['study.train.course'],
        m['study.train.status'],
        m['study.train.progressCol'],
        m['study.train.studyTime'],
        m['study.train.startedAt'],
        m['study.train.completedAt'],
      ]}
      row={(row: CourseProgressRow) => (
        <tr key={`${row.userId}:${row.courseId}`} className="border-t">
          <NameCell href={localizePath(`/knowledge/course/${encodeURIComponent(row.courseId)}`, locale)}>
            {row.courseName}
          </NameCell>
          <ProgressCells status={row.learningStatus} value={row.studyProgress} messages={m} />
          <td className="px-3 py-2 whitespace-nowrap">{formatStudyTime(row.studySeconds, locale)}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoment(row.startedAt)}</td>
          <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoment(row.completedAt)}</td>
        </tr>
      )}
    />
  );
}
