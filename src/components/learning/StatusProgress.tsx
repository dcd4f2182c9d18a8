/**
 * The caller's learning status and progress on a course, task or project: the status (a tinted
 * badge on cards, plain text on a detail page), then a progress bar and the percent.
 */
import type { LearningStatus } from '@/api/learning-types';

const STATUS_TONE = ['bg-muted text-muted-foreground', 'bg-amber-100 text-amber-800', 'bg-emerald-100 text-emerald-800'];

interface StatusProgressProps {
  status: LearningStatus;
  /** The status's label. */
  statusText: string;
  /** 0–100. */
  progress: number;
  /** The bar's accessible name ('Progress 40%'). */
  progressLabel: string;
  /** The larger layout of a detail page. */
  page?: boolean;
  /** A width limit of the bar on a card (`max-w-60`). */
  barWidth?: string;
  /** Cards of courses and projects show the bar only once started. */
  barWhenStarted?: boolean;
}

/** Status and progress; the parent lays them out in a row. */
export function StatusProgress({
  status,
  statusText,
  progress,
  progressLabel,
  page = false,
  barWidth,
  barWhenStarted = false,
}: StatusProgressProps) {
  const size = page ? 'h-2 max-w-72' : barWidth ? `h-1.5 ${barWidth}` : 'h-1.5';
  return (
    <>
      {page ? (
        <span className="text-sm">{statusText}</span>
      ) : (
        <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[status] ?? STATUS_TONE[0]}`}>{statusText}</span>
      )}
      {(!barWhenStarted || status > 0) && (
        <>
          <span
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={progressLabel}
            className={`bg-primary/15 ${size} flex-1 overflow-hidden rounded-full`}
          >
            <span className="bg-primary block h-full" style={{ width: `${progress}%` }} />
          </span>
          {page ? (
            <span className="text-muted-foreground text-sm tabular-nums">{progress}%</span>
          ) : (
            <span aria-hidden="true" className="text-muted-foreground text-xs tabular-nums">
              {progress}%
            </span>
          )}
        </>
      )}
    </>
  );
}
