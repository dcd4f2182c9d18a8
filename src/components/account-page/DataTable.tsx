/** A plain data table: a caption for assistive technology, column headers, numbers aligned to the end. */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface DataColumn {
  label: string;
  /** Numbers: aligned to the end. */
  numeric?: boolean;
}

/** A cell's classes: padding, and the end alignment of numbers. */
export function cellClass(numeric?: boolean): string {
  return `px-3 py-2 ${numeric ? 'text-end tabular-nums whitespace-nowrap' : 'text-start'}`;
}

/**
 * Whether the element scrolls sideways, kept up to date as it resizes: a table wider than its
 * box is then reachable by keyboard (a tab stop with the table's name), and only then.
 */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
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
