/** Previous / next paging with "page x of y"; hidden when everything fits on one page. */
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/layout/icons';
import type { LoadStateMessages } from '@/components/ui/messages';

export interface PagerTexts {
  /** Name of the navigation landmark ('Pagination'). */
  label: string;
  prev: string;
  next: string;
  /** `{current}` and `{total}` are filled in. */
  pageOf: string;
}

/** The texts of `Pager` from picked messages. */
export function pagerTexts(m: LoadStateMessages): PagerTexts {
  return {
    label: m['course.pagination'],
    prev: m['learning.prev'],
    next: m['learning.next'],
    pageOf: m['learning.pageOf'],
  };
}

interface PagerProps {
  page: number;
  totalPage: number;
  onChange: (page: number) => void;
  texts: PagerTexts;
  disabled?: boolean;
}

const buttonClass =
  'focus-visible:ring-ring/50 hover:bg-accent inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

export function Pager({ page, totalPage, onChange, texts, disabled }: PagerProps) {
  if (totalPage <= 1) return null;
  const status = texts.pageOf.replace('{current}', String(page)).replace('{total}', String(totalPage));
  return (
    <nav aria-label={texts.label} className="flex items-center justify-center gap-3 py-4">
      <button type="button" className={buttonClass} disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
        {texts.prev}
      </button>
      <span aria-live="polite" className="text-muted-foreground min-w-24 text-center text-sm tabular-nums">
        {status}
      </span>
      <button
        type="button"
        className={buttonClass}
        disabled={disabled || page >= totalPage}
        onClick={() => onChange(page + 1)}
      >
        {texts.next}
        <ChevronRightIcon aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
