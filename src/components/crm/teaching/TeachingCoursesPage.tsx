/**
 * "My courses" (lecturers; administrators who teach): the courses the caller teaches, 20 a
 * page, published first, found by name; per course its category, status, periods, learners who
 * started and completed, the completion rate, the rating and the comments. Each opens in the
 * learner's course page. The keyword and page live in the URL. Read-only: courses are made in
 * the course authoring pages.
 */
import { useMemo } from 'react';
import { getTeachingCoursePage } from '@/api/teaching';
import type { TeachingCourse } from '@/api/teaching-types';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import type { TeachingMessages } from '@/components/crm/teaching/messages';
import { courseHref } from '@/components/learning/CourseCard';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '' };
const NO_ROWS: TeachingCourse[] = [];
const numeric = { className: 'text-end tabular-nums whitespace-nowrap' };

export function TeachingCoursesPage({ locale, messages: m }: { locale: Locale; messages: TeachingMessages }) {
  const access = useCrmAccess('lecturer');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getTeachingCoursePage(params, { signal, isShowErrTip: false }),
    { pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<TeachingCourse>[]>(() => {
    const col = dataTableColumnHelper<TeachingCourse>();
    return [
      col.accessor('name', {
        header: m['crm.teaching.name'],
        enableHiding: false,
        cell: (c) => (
          <a
            href={courseHref(c.row.original.id, locale)}
            target="_blank"
            rel="noopener"
            className="text-primary font-medium underline-offset-4 hover:underline"
            aria-label={`${m['crm.teaching.open']} · ${c.getValue()}`}
          >
            {c.getValue()}
          </a>
        ),
      }),
      col.accessor('categoryName', { header: m['crm.teaching.category'], cell: (c) => c.getValue() || '—' }),
      col.accessor('status', {
        header: m['crm.teaching.status'],
        cell: (c) => {
          const status = c.getValue();
          return (
            <Badge variant={status === 1 ? 'secondary' : 'outline'}>
              {m[status === 1 ? 'crm.teaching.published' : status === 2 ? 'crm.teaching.draft' : 'crm.teaching.removed']}
            </Badge>
          );
        },
      }),
      col.accessor('periods', { header: m['crm.teaching.periods'], meta: numeric }),
      col.accessor('learners', { header: m['crm.teaching.learners'], meta: numeric }),
      col.accessor('completed', { header: m['crm.teaching.completed'], meta: numeric }),
      col.accessor('completionRate', { header: m['crm.teaching.completionRate'], cell: (c) => `${c.getValue()}%`, meta: numeric }),
      col.accessor('rating', {
        header: m['crm.teaching.rating'],
        meta: numeric,
        cell: (c) =>
          c.row.original.ratingCount ? (
            <span title={fill(m['crm.teaching.ratingCount'], { count: c.row.original.ratingCount })}>
              {c.getValue().toFixed(1)}
              <span className="text-muted-foreground ms-1 text-xs">({fill(m['crm.teaching.ratingCount'], { count: c.row.original.ratingCount })})</span>
            </span>
          ) : (
            <span className="text-muted-foreground">{m['crm.teaching.noRating']}</span>
          ),
      }),
      col.accessor('comments', { header: m['crm.teaching.comments'], meta: numeric }),
    ];
  }, [locale, m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter id="teaching-keyword" label={m['crm.teaching.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crm.teaching.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <p className="text-muted-foreground mb-4 text-sm">{m['crm.teaching.intro']}</p>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crm.teaching.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crm.teaching.empty']}
        toolbar={toolbar}
      />
    </section>
  );
}
