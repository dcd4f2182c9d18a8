/** Small pieces the exam screens share: status badges, fact lists and the paper table. */
import type { ReactNode } from 'react';
import type { PaperRecord } from '@/api/exam-types';
import { resultHref } from '@/components/exam/links';
import type { PaperTableMessages } from '@/components/exam/messages';
import { formatMoment } from '@/components/study/format';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const EXAM_STATUS_LOOK = [
  'bg-sky-100 text-sky-800',
  'bg-emerald-100 text-emerald-800',
  'bg-red-100 text-red-800',
  'bg-amber-100 text-amber-900',
  'bg-zinc-200 text-zinc-700',
] as const;

type ExamStatusKey = `study.examStatus.${0 | 1 | 2 | 3 | 4}`;

/** An exam status 0–4 (waiting for test, pass, fail, waiting to be marked, absent). */
export function ExamStatusBadge({ status, messages: m }: { status: number; messages: Record<ExamStatusKey, string> }) {
  const s = (status >= 0 && status <= 4 ? status : 0) as 0 | 1 | 2 | 3 | 4;
  return <span className={`${badge} ${EXAM_STATUS_LOOK[s]}`}>{m[`study.examStatus.${s}`]}</span>;
}

/** A paper's state: in progress, waiting to be marked, or marked and passed or failed. */
export function PaperStatusBadge({
  status,
  passed,
  messages: m,
}: {
  status: number;
  passed: boolean | null;
  messages: PaperTableMessages;
}) {
  if (status === 2 && passed !== null) {
    return <ExamStatusBadge status={passed ? 1 : 2} messages={m} />;
  }
  const s = (status === 1 ? 1 : status === 2 ? 2 : 0) as 0 | 1 | 2;
  const look = s === 1 ? EXAM_STATUS_LOOK[3] : s === 0 ? EXAM_STATUS_LOOK[0] : EXAM_STATUS_LOOK[4];
  return <span className={`${badge} ${look}`}>{m[`exam.paperStatus.${s}`]}</span>;
}

/** A term and its value in a fact list (`<dl>`). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** How a paper was handed in, in a few words. */
export function reasonText(reason: string | null, m: Record<'exam.reason.user' | 'exam.reason.timeout' | 'exam.reason.screen', string>): string {
  if (reason === 'timeout') return m['exam.reason.timeout'];
  if (reason === 'screen') return m['exam.reason.screen'];
  return reason === 'user' ? m['exam.reason.user'] : '';
}

/** A score out of a total, or 'None yet'. */
export function scoreText(score: number | null, total: number, m: Record<'exam.scoreOf' | 'exam.noScore', string>): string {
  return score === null ? m['exam.noScore'] : fill(m['exam.scoreOf'], { score, total });
}

/** A table's column headings; the last column (each row's link) is named for screen readers only. */
export function TableHead({ columns, action }: { columns: string[]; action: string }) {
  return (
    <thead className="text-muted-foreground text-start text-xs">
      <tr className="border-b">
        {columns.map((column) => (
          <th key={column} scope="col" className="py-2 pe-3 text-start font-medium">
            {column}
          </th>
        ))}
        <th scope="col" className="py-2 text-end font-medium">
          <span className="sr-only">{action}</span>
        </th>
      </tr>
    </thead>
  );
}

/** Papers (attempts) of a task, each leading to its result and review. */
export function PaperTable({ papers, locale, messages: m }: { papers: PaperRecord[]; locale: Locale; messages: PaperTableMessages }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] table-fixed text-sm">
        <colgroup>
          <col className="w-[10%]" />
          <col className="w-[18%]" />
          <col className="w-[18%]" />
          <col className="w-[18%]" />
          <col className="w-[12%]" />
          <col className="w-[12%]" />
          <col className="w-[12%]" />
        </colgroup>
        <TableHead
          columns={[m['exam.attempt'], m['exam.startedAt'], m['exam.submittedAt'], m['exam.reason'], m['exam.score'], m['exam.result']]}
          action={m['exam.review']}
        />
        <tbody>
          {papers.map((paper) => (
            <tr key={paper.paperId} className="border-b last:border-0">
              <th scope="row" className="py-2 pe-3 text-start font-medium whitespace-nowrap">
                {fill(m['exam.attemptNo'], { no: paper.attemptNo })}
              </th>
              <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{formatMoment(paper.startedAt)}</td>
              <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{formatMoment(paper.submittedAt)}</td>
              <td className="py-2 pe-3">{reasonText(paper.submitReason, m)}</td>
              <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{scoreText(paper.score, paper.totalScore, m)}</td>
              <td className="py-2 pe-3">
                <PaperStatusBadge status={paper.status} passed={paper.passed} messages={m} />
              </td>
              <td className="py-2 text-end">
                <a
                  href={resultHref(paper, locale)}
                  aria-label={`${paper.status === 0 ? m['exam.continue'] : m['exam.review']} · ${fill(m['exam.attemptNo'], { no: paper.attemptNo })}`}
                  className="text-primary focus-visible:ring-ring/50 rounded-sm font-medium whitespace-nowrap underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
                >
                  {paper.status === 0 ? m['exam.continue'] : m['exam.review']}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
