/**
 * The back office's list table (shadcn's data-table pattern on TanStack Table v9): the server
 * pages and sorts, the table shows one page. Sortable headers are buttons (`aria-sort` on the
 * header cell), a "columns" menu hides columns, optional row selection (checkbox column,
 * select-all on the page) shows a bulk-action bar with "N selected" and the given actions.
 * Loading draws skeleton rows, an error a retry button, an empty page `emptyText`.
 *
 * `paging` and `sort` have the flat shape of a `useUrlState` object, so the URL state can be
 * passed as is: `paging={query} sort={query}`. A new page size comes with pageCurrent 1; a new
 * sort does not move the page by itself: `onSortChange={(s) => setQuery({ ...s, pageCurrent: 1 })}`.
 *
 * Columns: `DataTableColumn<Row>[]` (TanStack column defs). A column sorts only with
 * `enableSorting: true` and an `accessorKey` (its key is the `sortField` sent to the server);
 * `meta.label` names a column in the "columns" menu when its header is not plain text;
 * `meta.className` is added to its header and body cells; `enableHiding: false` keeps it out of
 * the menu. Keep `columns` and `data` stable (module constant / useMemo, and one constant empty
 * array for "no page yet"): selection is cleared whenever `data` changes (new page, reload).
 */
import {
  columnVisibilityFeature,
  createColumnHelper,
  flexRender,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, Columns3Icon } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { DataTableMessages } from '@/components/crm/data-table/messages';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useScrollsSideways } from '@/components/ui/use-scrolls-sideways';
import { cn } from '@/components/ui/utils';
import { fill } from '@/i18n/fill';

/** `columnDef.meta` of a data-table column. */
export interface DataTableColumnMeta {
  /** The column's name in the "columns" menu (default: the header when it is a string, else the id). */
  label?: string;
  /** Classes added to the column's header and body cells (e.g. 'w-24 text-right'). */
  className?: string;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;

/** A column of a `DataTable` of `T` rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** TanStack's column helper for data-table columns: `const col = dataTableColumnHelper<Member>(); col.accessor('name', {...})`. */
export function dataTableColumnHelper<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

export interface DataTablePaging {
  pageCurrent: number;
  pageSize: number;
}

/** The server sort: `sortField` '' is unsorted. */
export interface DataTableSort {
  sortField: string;
  sortDesc: boolean;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

export interface DataTableProps<T extends RowData> {
  columns: DataTableColumn<T>[];
  /** The rows of the current page (keep the reference stable between renders). */
  data: T[];
  /** Rows of the whole list (PageResult.totalCount). */
  totalCount: number;
  paging: DataTablePaging;
  /** A new page (page buttons) or page size (then pageCurrent is 1). */
  onPagingChange: (paging: DataTablePaging) => void;
  /** Without it, no header sorts. */
  sort?: DataTableSort;
  /** Clicking a sortable header: unsorted → ascending → descending → unsorted. */
  onSortChange?: (sort: DataTableSort) => void;
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  messages: DataTableMessages;
  /** Row id for selection and React keys; default `row.id`, else the index. */
  getRowId?: (row: T, index: number) => string;
  /** Draws skeleton rows instead of the data. */
  loading?: boolean;
  /** Truthy: the "could not load" row (with a retry button when `onRetry` is given). */
  error?: unknown;
  onRetry?: () => void;
  /** The empty page's text (default: crm.table.empty). */
  emptyText?: ReactNode;
  /** Filters etc., drawn left of the "columns" menu above the table. */
  toolbar?: ReactNode;
  /** Given: rows get checkboxes, and while some are selected a bar shows "N selected" and these actions. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Ids of the columns hidden at first. */
  initialHiddenColumns?: readonly string[];
  /** Choices of the page size select (default 10, 20, 50, 100). */
  pageSizes?: readonly number[];
  className?: string;
}

const SELECT_COLUMN_ID = 'select';

function defaultRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
}

function apply<S>(updater: Updater<S>, old: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;
}

function columnLabel(def: { header?: unknown; meta?: DataTableColumnMeta }, id: string): string {
  return def.meta?.label ?? (typeof def.header === 'string' ? def.header : id);
}

export function DataTable<T extends RowData>({
  columns,
  data,
  totalCount,
  paging,
  onPagingChange,
  sort,
  onSortChange,
  caption,
  messages: m,
  getRowId = defaultRowId,
  loading = false,
  error,
  onRetry,
  emptyText,
  toolbar,
  bulkActions,
  initialHiddenColumns,
  pageSizes = DEFAULT_PAGE_SIZES,
  className,
}: DataTableProps<T>) {
  const selectable = !!bulkActions;
  const pageSizeId = useId();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [scroller, scrolls] = useScrollsSideways<HTMLDivElement>();
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() =>
    Object.fromEntries((initialHiddenColumns ?? []).map((id) => [id, false])),
  );

  // A new page (or a reload after a bulk action) starts with nothing selected.
  useEffect(() => {
    setRowSelection((old) => (Object.keys(old).length ? {} : old));
  }, [data]);

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataTableColumn<T> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      enableHiding: false,
      meta: { className: 'w-10' },
      header: ({ table }) => (
        <Checkbox
          aria-label={m['crm.table.selectAll']}
          checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={m['crm.table.selectRow']}
          checked={row.getIsSelected()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, m]);

  const sorting = useMemo<SortingState>(
    () => (sort?.sortField ? [{ id: sort.sortField, desc: sort.sortDesc }] : []),
    [sort?.sortField, sort?.sortDesc],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data,
    getRowId,
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      onSortChange?.(next ? { sortField: next.id, sortDesc: next.desc } : { sortField: '', sortDesc: false });
    },
    onRowSelectionChange: (updater) => setRowSelection((old) => apply(updater, old)),
    onColumnVisibilityChange: (updater) => setColumnVisibility((old) => apply(updater, old)),
  });

  const rows = table.getRowModel().rows;
  const selectedRows = selectable ? table.getSelectedRowModel().rows.map((row) => row.original) : [];
  const clearSelection = () => setRowSelection({});
  const visibleColumns = table.getVisibleLeafColumns();
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const totalPage = Math.max(1, Math.ceil(totalCount / Math.max(1, paging.pageSize)));
  const skeletonRows = Math.min(Math.max(paging.pageSize, 1), 10);

  const toggleSort = (columnId: string) => {
    if (!onSortChange) return;
    const current = sort?.sortField === columnId ? (sort.sortDesc ? 'desc' : 'asc') : false;
    if (current === false) onSortChange({ sortField: columnId, sortDesc: false });
    else if (current === 'asc') onSortChange({ sortField: columnId, sortDesc: true });
    else onSortChange({ sortField: '', sortDesc: false });
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <TableRow key={`skeleton-${i}`} aria-hidden="true">
        {visibleColumns.map((column) => (
          <TableCell key={column.id}>
            <Skeleton className="h-4 w-full max-w-40" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (error) {
    body = (
      <TableRow>
        <TableCell colSpan={visibleColumns.length} className="h-24 text-center">
          <div role="alert" className="flex flex-col items-center gap-2">
            <span>{m['crm.table.loadFailed']}</span>
            {onRetry && (
              <Button type="button" variant="outline" size="sm" onClick={onRetry}>
                {m['crm.table.retry']}
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={visibleColumns.length} className="text-muted-foreground h-24 text-center">
          {emptyText ?? m['crm.table.empty']}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
        {row.getVisibleCells().map((cell) => (
          <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <div data-slot="data-table" className={cn('flex flex-col gap-3', className)}>
      {(toolbar || hideable.length > 0) && (
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex flex-1 flex-wrap items-end gap-2">{toolbar}</div>
          {hideable.length > 0 && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button type="button" variant="outline" size="sm">
                  <Columns3Icon aria-hidden="true" />
                  {m['crm.table.columns']}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="min-w-44">
                <DropdownMenuLabel>{m['crm.table.columns']}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {hideable.map((column) => (
                  <DropdownMenuCheckboxItem
                    key={column.id}
                    checked={column.getIsVisible()}
                    onCheckedChange={(value) => column.toggleVisibility(value === true)}
                    onSelect={(event) => event.preventDefault()}
                  >
                    {columnLabel(column.columnDef, column.id)}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      )}

      {selectable && (
        <div aria-live="polite" className="empty:hidden">
          {selectedRows.length > 0 && (
            <div data-slot="bulk-bar" className="bg-muted flex flex-wrap items-center gap-2 rounded-md px-3 py-2 text-sm">
              <span className="font-medium">{fill(m['crm.table.selected'], { count: selectedRows.length })}</span>
              <div className="flex flex-wrap items-center gap-2">{bulkActions(selectedRows, clearSelection)}</div>
              <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={clearSelection}>
                {m['crm.table.clearSelection']}
              </Button>
            </div>
          )}
        </div>
      )}

      <div className="rounded-md border">
        {/* shadcn's table container, reachable by keyboard when it scrolls sideways. */}
        <div
          ref={scroller}
          data-slot="table-container"
          className="focus-visible:ring-ring/50 relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px]"
          {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': caption })}
        >
          <table data-slot="table" className="w-full caption-bottom text-sm" aria-busy={loading || undefined}>
            <TableCaption className="sr-only">{caption}</TableCaption>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <TableRow key={group.id}>
                  {group.headers.map((header) => {
                    const column = header.column;
                    const canSort = !!onSortChange && column.getCanSort() && column.columnDef.enableSorting === true;
                    const sorted = sort?.sortField === column.id ? (sort.sortDesc ? 'desc' : 'asc') : false;
                    const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
                    return (
                      <TableHead
                        key={header.id}
                        colSpan={header.colSpan}
                        className={column.columnDef.meta?.className}
                        aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      >
                        {canSort ? (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            className="-ml-3 h-8"
                            onClick={() => toggleSort(column.id)}
                          >
                            {content}
                            {sorted === 'asc' ? (
                              <ArrowUpIcon aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <ArrowDownIcon aria-hidden="true" />
                            ) : (
                              <ArrowUpDownIcon aria-hidden="true" className="opacity-50" />
                            )}
                          </Button>
                        ) : (
                          content
                        )}
                      </TableHead>
                    );
                  })}
                </TableRow>
              ))}
            </TableHeader>
            <TableBody>{body}</TableBody>
          </table>
        </div>
        {loading && (
          <p role="status" className="sr-only">
            {m['crm.table.loading']}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <div className="text-muted-foreground flex items-center gap-3">
          <span>{fill(m['crm.table.total'], { total: totalCount })}</span>
          <label htmlFor={pageSizeId}>{m['crm.table.pageSize']}</label>
          <select
            id={pageSizeId}
            value={paging.pageSize}
            disabled={loading}
            onChange={(event) => onPagingChange({ pageCurrent: 1, pageSize: Number(event.target.value) })}
            className="border-input focus-visible:border-ring focus-visible:ring-ring/50 h-8 rounded-md border bg-transparent px-2 text-sm outline-none focus-visible:ring-[3px]"
          >
            {(pageSizes.includes(paging.pageSize) ? pageSizes : [...pageSizes, paging.pageSize].sort((a, b) => a - b)).map(
              (size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ),
            )}
          </select>
        </div>
        <Pager
          page={Math.min(paging.pageCurrent, totalPage)}
          totalPage={totalPage}
          disabled={loading}
          onChange={(page) => onPagingChange({ pageCurrent: page, pageSize: paging.pageSize })}
          texts={{
            label: m['crm.table.pagination'],
            prev: m['crm.table.prev'],
            next: m['crm.table.next'],
            pageOf: m['crm.table.pageOf'],
          }}
        />
      </div>
    </div>
  );
}
