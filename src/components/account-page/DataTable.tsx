/** A plain data table: a caption for assistive technology, column headers, numbers aligned to the end. */
import type { ReactNode } from 'react';
import { useScrollsSideways } from '@/components/ui/use-scrolls-sideways';

export interface DataColumn {
  label: string;
  /** Numbers: aligned to the end. */
  numeric?: boolean;
}

/** A cell's classes: padding, and the end alignment of numbers. */
export function cellClass(numeric?: boolean): string {
  return `px-3 py-2 ${numeric ? 'text-end tabular-nums whitespace-nowrap' : 'text-start'}`;
}

export function DataTable({ caption, columns, children }: { caption: string; columns: DataColumn[]; children: ReactNode }) {
  const [ref, scrolls] = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className="focus-visible:ring-ring/50 overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px]"
      {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': caption })}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`${cellClass(c.numeric)} font-medium whitespace-nowrap`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
