/**
 * The course's chapters and periods beside the player: type icons, each period's progress (as
 * the gateway last reported it), the current period marked. Periods are links; the arrow keys,
 * Home and End move between them.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import type { CourseResourceItem } from '@/api/learning-types';
import { TypeIcon } from '@/components/learning/TypeIcon';
import { typeLabelKey, type TypeLabelKey } from '@/components/learning/type-label';
import type { ChapterGroup } from '@/components/player/periods';
import { fill } from '@/i18n/fill';

export interface ChapterPanelTexts {
  title: string;
  current: string;
  /** `{value}` is filled in. */
  courseProgress: string;
  /** `{value}` is filled in. */
  progress: string;
  types: Record<TypeLabelKey, string>;
}

interface ChapterPanelProps {
  groups: ChapterGroup[];
  currentId?: string;
  /** Period progress reported since the tree was loaded. */
  progress: Record<string, number>;
  courseProgress: number;
  texts: ChapterPanelTexts;
  hrefOf: (period: CourseResourceItem) => string;
  /** Open a period in place; without it the links navigate. */
  onSelect?: (period: CourseResourceItem) => void;
  className?: string;
}

function duration(seconds: number): string {
  if (!seconds) return '';
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function onKeyDown(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-period]')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? links.length - 1 : at + (event.key === 'ArrowDown' ? 1 : -1);
  const target = links[Math.min(links.length - 1, Math.max(0, next))];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function ChapterPanel({ groups, currentId, progress, courseProgress, texts, hrefOf, onSelect, className }: ChapterPanelProps) {
  return (
    <nav aria-label={texts.title} className={`bg-card rounded-lg border ${className ?? ''}`} onKeyDown={onKeyDown}>
      <div className="grid gap-2 border-b p-4">
        <h2 className="font-semibold">{texts.title}</h2>
        <div className="grid gap-1">
          <p className="text-muted-foreground text-xs" data-testid="course-progress">
            {fill(texts.courseProgress, { value: courseProgress })}
          </p>
          <div
            role="progressbar"
            aria-label={fill(texts.courseProgress, { value: courseProgress })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={courseProgress}
            className="bg-primary/20 h-1.5 overflow-hidden rounded-full"
          >
            <div className="bg-primary h-full transition-all" style={{ width: `${courseProgress}%` }} />
          </div>
        </div>
      </div>
      <ol className="grid grid-cols-1 gap-3 p-2">
        {groups.map((group, g) => (
          <li key={group.chapter?.subResourceId ?? `loose-${g}`} className="grid gap-1">
            {group.chapter && <h3 className="px-2 pt-2 text-sm font-semibold">{group.chapter.subResourceName}</h3>}
            <ol className="grid grid-cols-1 gap-0.5">
              {group.periods.map((period) => {
                const id = period.subResourceId;
                const value = progress[id] ?? period.studyProgress;
                const current = id === currentId;
                const labelKey = typeLabelKey(period.contentType, period.resourceType, period.fileName);
                const label = labelKey ? texts.types[labelKey] : '';
                return (
                  <li key={id}>
                    <a
                      href={hrefOf(period)}
                      data-period={id}
                      data-progress={value}
                      aria-current={current ? 'true' : undefined}
                      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                        if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        onSelect(period);
                      }}
                      className={`focus-visible:ring-ring/50 hover:bg-accent flex items-center gap-2 rounded-md px-2 py-2 text-sm outline-none focus-visible:ring-[3px] ${current ? 'bg-primary/10 text-primary font-medium' : ''}`}
                    >
                      <TypeIcon contentType={period.contentType} resourceType={period.resourceType} fileName={period.fileName} label={label} />
                      <span className="min-w-0 flex-1 truncate" title={period.subResourceName}>
                        {period.subResourceName}
                      </span>
                      {current && <span className="sr-only">{texts.current}</span>}
                      {period.totalDuration > 0 && (
                        <span className="text-muted-foreground text-xs tabular-nums">{duration(period.totalDuration)}</span>
                      )}
                      <span
                        aria-hidden="true"
                        className={`w-10 text-end text-xs tabular-nums ${value >= 100 ? 'text-emerald-700' : 'text-muted-foreground'}`}
                      >
                        {`${value}%`}
                      </span>
                      <span className="sr-only">{fill(texts.progress, { value })}</span>
                    </a>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
