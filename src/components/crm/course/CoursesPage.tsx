/**
 * The course list (administrators): every course of the company, newest first, 20 a page,
 * found by name and filtered by category and status, the filters and page in the URL. Each
 * row opens its form; its menu publishes, takes back to a draft (both undoable from their
 * toast), removes (after a confirmation) or copies it (the toast opens the copy).
 */
import EllipsisIcon from 'lucide-react/icons/ellipsis';
import PlusIcon from 'lucide-react/icons/plus';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { copyCrmCourse, getCategoryTree, getCrmCoursePage, setCrmCourseStatus } from '@/api/crm-course';
import type { CrmCategory, CrmCourseItem } from '@/api/crm-course-types';
import { categoryOptions, courseEditHref, indent, nameIn } from '@/components/crm/course/links';
import type { CourseListMessages } from '@/components/crm/course/messages';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { COURSE_STATUS, type CourseStatus } from '@/lib/authoring-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = {
  pageCurrent: 1,
  pageSize: 20,
  keyword: '',
  category: '',
  status: '',
};
const NO_ROWS: CrmCourseItem[] = [];
const STATUSES: CourseStatus[] = [COURSE_STATUS.published, COURSE_STATUS.draft, COURSE_STATUS.removed];
const BADGE: Record<CourseStatus, 'default' | 'secondary' | 'outline'> = {
  0: 'outline',
  1: 'default',
  2: 'secondary',
};

export function CoursesPage({ locale, messages: m }: { locale: Locale; messages: CourseListMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [tree, setTree] = useState<CrmCategory[]>([]);
  const [removing, setRemoving] = useState<CrmCourseItem | null>(null);
  const status = STATUSES.find((s) => String(s) === query.status);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmCoursePage(params, { signal, isShowErrTip: false }),
    {
      pageCurrent: query.pageCurrent,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      categoryId: query.category || undefined,
      status,
    },
    { enabled: access === 'allowed' },
  );

  useEffect(() => {
    if (access !== 'allowed') return;
    const controller = new AbortController();
    getCategoryTree({ signal: controller.signal, isShowErrTip: false }).then(setTree, () => undefined);
    return () => controller.abort();
  }, [access]);

  /** Says a course's status changed, with undo back to the status it had, and reloads the page. */
  const changed = useCallback(
    (course: CrmCourseItem, done: string) => {
      notifySuccess(fill(done, { name: nameIn(locale, course) }), {
        label: m['crmSite.undo'],
        run: () => void setCrmCourseStatus(course.id, course.status).then(reload, () => {}),
      });
      reload();
    },
    [locale, m, reload],
  );

  const columns = useMemo<DataTableColumn<CrmCourseItem>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', {
      dateStyle: 'medium',
    });
    const price = new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-CN', {
      style: 'currency',
      currency: 'CNY',
    });
    const change = async (course: CrmCourseItem, to: CourseStatus, done: string) => {
      try {
        await setCrmCourseStatus(course.id, to);
      } catch {
        return; // The client showed the gateway's message.
      }
      changed(course, done);
    };
    const copy = async (course: CrmCourseItem) => {
      let made;
      try {
        made = await copyCrmCourse(course.id);
      } catch {
        return;
      }
      notifySuccess(fill(m['crmCourse.copied'], { name: nameIn(locale, made) }), {
        label: m['crmCourse.openCopy'],
        run: () => location.assign(courseEditHref(locale, made.id)),
      });
      reload();
    };
    const col = dataTableColumnHelper<CrmCourseItem>();
    return [
      col.accessor('nameZh', {
        id: 'name',
        header: m['crmCourse.name'],
        enableHiding: false,
        cell: (c) => (
          <span className="flex min-w-0 items-center gap-3">
            {c.row.original.cover ? (
              <img src={c.row.original.cover} alt="" className="h-9 w-16 shrink-0 rounded object-cover" loading="lazy" />
            ) : (
              <span aria-hidden="true" className="bg-muted h-9 w-16 shrink-0 rounded" />
            )}
            <a href={courseEditHref(locale, c.row.original.id)} className="truncate font-medium underline-offset-4 hover:underline">
              {nameIn(locale, c.row.original)}
            </a>
          </span>
        ),
      }),
      col.accessor('status', {
        header: m['crmCourse.status'],
        cell: (c) => {
          const s = c.getValue() as CourseStatus;
          return <Badge variant={BADGE[s]}>{m[`crmCourse.status.${s}`]}</Badge>;
        },
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('categoryName', {
        header: m['crmCourse.category'],
        cell: (c) => c.getValue() || '—',
      }),
      col.accessor('lecturerNames', {
        header: m['crmCourse.lecturers'],
        cell: (c) => c.getValue().join('、') || '—',
      }),
      col.accessor('periods', {
        header: m['crmCourse.periods'],
        meta: { className: 'text-end tabular-nums' },
      }),
      col.accessor('learners', {
        header: m['crmCourse.learners'],
        meta: { className: 'text-end tabular-nums' },
      }),
      col.accessor('priceFen', {
        header: m['crmCourse.price'],
        cell: (c) => (c.row.original.isFree ? m['crmCourse.free'] : c.getValue() === null ? m['crmCourse.paid'] : price.format(c.getValue()! / 100)),
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('createdAt', {
        header: m['crmCourse.createdAt'],
        cell: (c) => <time dateTime={c.getValue()}>{when.format(new Date(c.getValue()))}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'w-12 text-end' },
        cell: (c) => {
          const course = c.row.original;
          return (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={fill(m['crmCourse.more'], {
                    name: nameIn(locale, course),
                  })}
                >
                  <EllipsisIcon aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem asChild>
                  <a href={courseEditHref(locale, course.id)}>{m['crmCourse.edit']}</a>
                </DropdownMenuItem>
                {course.status !== COURSE_STATUS.published && (
                  <DropdownMenuItem onSelect={() => void change(course, COURSE_STATUS.published, m['crmCourse.published'])}>
                    {m[course.status === COURSE_STATUS.removed ? 'crmCourse.restore' : 'crmCourse.publish']}
                  </DropdownMenuItem>
                )}
                {course.status === COURSE_STATUS.published && (
                  <DropdownMenuItem onSelect={() => void change(course, COURSE_STATUS.draft, m['crmCourse.unpublished'])}>
                    {m['crmCourse.unpublish']}
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={() => void copy(course)}>{m['crmCourse.copy']}</DropdownMenuItem>
                {course.status !== COURSE_STATUS.removed && (
                  <>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem variant="destructive" onSelect={() => setRemoving(course)}>
                      {m['crmCourse.remove']}
                    </DropdownMenuItem>
                  </>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          );
        },
      }),
    ];
  }, [locale, m, reload, changed]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter id="course-keyword" label={m['crmCourse.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <SelectFilter
        id="course-category"
        label={m['crmCourse.category']}
        value={query.category}
        onChange={(category) => setQuery({ category, pageCurrent: 1 })}
        allLabel={m['crmCourse.allCategories']}
        options={categoryOptions(tree, locale).map((o) => ({
          value: o.id,
          label: `${indent(o.depth)}${o.name}`,
        }))}
        className="w-44"
      />
      <SelectFilter
        id="course-status"
        label={m['crmCourse.status']}
        value={query.status}
        onChange={(v) => setQuery({ status: v, pageCurrent: 1 })}
        allLabel={m['crmCourse.allStatuses']}
        options={STATUSES.map((s) => ({
          value: String(s),
          label: m[`crmCourse.status.${s}`],
        }))}
        className="w-32"
      />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crmCourse.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="text-muted-foreground max-w-2xl text-sm">{m['crmCourse.list.intro']}</p>
        <Button asChild>
          <a href={courseEditHref(locale)}>
            <PlusIcon aria-hidden="true" />
            {m['crmCourse.new']}
          </a>
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmCourse.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crmCourse.empty']}
        toolbar={toolbar}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={
          removing
            ? fill(m['crmCourse.removeTitle'], {
                name: nameIn(locale, removing),
              })
            : ''
        }
        description={m['crmCourse.removeBody']}
        confirmLabel={m['crmCourse.remove']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          await setCrmCourseStatus(removing.id, COURSE_STATUS.removed);
          changed(removing, m['crmCourse.removed']);
        }}
      />
    </section>
  );
}
