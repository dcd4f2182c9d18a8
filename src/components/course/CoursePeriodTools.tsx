/**
 * The course page's tools for its lecturers and administrators: download the answers of each
 * research period (CSV) and open the record panel of each offline, practice or evaluation
 * period. Shows nothing to anyone else.
 */
import { useEffect, useState } from 'react';
import type { CourseResourceItem } from '@/api/learning-types';
import { getPeriodRecord, getResearch } from '@/api/periods';
import { periods, watchPath } from '@/components/course/tree';
import type { CourseDetailMessages } from '@/components/course/messages';
import { ResearchExportButton } from '@/components/player/ResearchExport';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface Tool {
  period: CourseResourceItem;
  kind: 'export' | 'record';
}

export function CoursePeriodTools({ courseId, tree, locale, messages }: {
  courseId: string;
  /** The course's chapters and periods, once loaded. */
  tree: CourseResourceItem[] | null;
  locale: Locale;
  messages: CourseDetailMessages;
}) {
  const [tools, setTools] = useState<Tool[]>([]);
  // Research and recorded periods (content types 5–8); their ids decide when to ask again.
  const outside = periods(tree ?? []).filter((p) => p.contentType >= 5 && p.contentType <= 8);
  const key = outside.map((p) => p.subResourceId).join(',');
  useEffect(() => {
    let live = true;
    const quiet = { isShowErrTip: false };
    Promise.all(
      outside.map(async (period): Promise<Tool | undefined> => {
        try {
          if (period.contentType === 5) {
            return (await getResearch(courseId, period.subResourceId, quiet)).canExport ? { period, kind: 'export' } : undefined;
          }
          return (await getPeriodRecord(courseId, period.subResourceId, quiet)).canRecord ? { period, kind: 'record' } : undefined;
        } catch {
          return undefined;
        }
      }),
    ).then((found) => live && setTools(found.filter((t): t is Tool => t !== undefined)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, key]);

  if (tools.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={messages['periods.panel.title']}>
      {tools.map(({ period, kind }) => (
        <li key={period.subResourceId}>
          {kind === 'export' ? (
            <ResearchExportButton
              courseId={courseId}
              itemId={period.subResourceId}
              fileName={period.subResourceName}
              messages={{
                'periods.research.export': `${messages['periods.research.export']} · ${period.subResourceName}`,
                'periods.research.exporting': messages['periods.research.exporting'],
              }}
            />
          ) : (
            <a
              href={localizePath(watchPath(courseId, period.subResourceId), locale)}
              className="border-input bg-background hover:bg-accent focus-visible:ring-ring/50 inline-flex h-9 items-center rounded-md border px-4 text-sm outline-none focus-visible:ring-[3px]"
            >
              {fill(messages['periods.course.record'], { name: period.subResourceName })}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
