/**
 * A course's chapters and periods (`chapterPeriodList`): each period with its type icon and
 * label, its length and the caller's progress, linking into the player.
 */
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import type { CourseResourceItem } from '@/api/learning-types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { isChapter, watchPath } from '@/components/course/tree';
import { durationText } from '@/components/learning/duration';
import { typeLabelKey } from '@/components/learning/type-label';
import { TypeIcon } from '@/components/learning/TypeIcon';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface CourseCatalogueProps {
  courseId: string;
  tree: CourseResourceItem[];
  locale: Locale;
  messages: CourseDetailMessages;
  /** Periods link into the player only when the caller may watch the course. */
  canWatch: boolean;
}

function Period({ item, courseId, locale, messages: m, canWatch }: Omit<CourseCatalogueProps, 'tree'> & { item: CourseResourceItem }) {
  const labelKey = typeLabelKey(item.contentType, item.resourceType, item.fileName);
  const label = labelKey ? m[labelKey] : '';
  const length = durationText(item.totalDuration);
  const progress = Math.max(0, Math.min(100, Math.round(item.studyProgress)));
  const done = progress >= 100;
  return (
    <li className="hover:bg-accent/50 relative flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-3 py-2">
      <TypeIcon contentType={item.contentType} resourceType={item.resourceType} fileName={item.fileName} />
      {label && (
        <span className="bg-muted text-muted-foreground shrink-0 rounded px-1.5 py-0.5 text-xs">{label}</span>
      )}
      <span className="min-w-0 flex-1 text-sm">
        {canWatch ? (
          <a
            href={localizePath(watchPath(courseId, item.subResourceId), locale)}
            className="focus-visible:ring-ring/50 rounded-sm outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:ring-[3px]"
          >
            {item.subResourceName}
          </a>
        ) : (
          item.subResourceName
        )}
      </span>
      {length && <span className="text-muted-foreground text-xs">{fill(m[length.key], { value: length.value })}</span>}
      {done ? (
        <span className="flex items-center gap-1 text-xs text-emerald-700">
          <CircleCheckIcon aria-hidden="true" className="size-4" />
          {m['learning.status.2']}
        </span>
      ) : (
        <span className="flex w-28 items-center gap-2">
          <span
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={fill(m['learning.progress'], { value: progress })}
            className="bg-primary/15 h-1.5 flex-1 overflow-hidden rounded-full"
          >
            <span className="bg-primary block h-full" style={{ width: `${progress}%` }} />
          </span>
          <span aria-hidden="true" className="text-muted-foreground w-9 text-end text-xs tabular-nums">
            {progress}%
          </span>
        </span>
      )}
    </li>
  );
}

function Branch({ items, depth, ...props }: Omit<CourseCatalogueProps, 'tree'> & { items: CourseResourceItem[]; depth: number }) {
  return (
    <ul className={depth > 0 ? 'grid gap-0.5' : 'grid gap-4'}>
      {items.map((item) =>
        isChapter(item) ? (
          <li key={item.subResourceId} className="grid gap-1">
            {depth === 0 ? (
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <TypeIcon contentType={item.contentType} resourceType={item.resourceType} />
                {item.subResourceName}
              </h3>
            ) : (
              <h4 className="flex items-center gap-2 ps-3 text-sm font-medium">
                <TypeIcon contentType={item.contentType} resourceType={item.resourceType} />
                {item.subResourceName}
              </h4>
            )}
            {item.subTrainingProgress.length > 0 && <Branch {...props} items={item.subTrainingProgress} depth={depth + 1} />}
          </li>
        ) : (
          <Period key={item.subResourceId} {...props} item={item} />
        ),
      )}
    </ul>
  );
}

export function CourseCatalogue({ tree, ...props }: CourseCatalogueProps) {
  return <Branch {...props} items={tree} depth={0} />;
}
