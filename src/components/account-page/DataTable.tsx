/** A plain data table: a caption for assistive technology, column headers, numbers aligned to the end. */
import type { ReactNode } from 'react';

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
  return (
    <div className="overflow-x-auto rounded-lg border">
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
