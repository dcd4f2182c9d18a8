/**
 * The frame of a back-office list of records (live rooms, study tasks, projects): the page's
 * introduction with its "new" button, the data table, each row's menu of links and a delete,
 * and the delete's confirmation. The page keeps its own columns, filters and calls.
 */
import EllipsisIcon from 'lucide-react/icons/ellipsis';
import PlusIcon from 'lucide-react/icons/plus';
import type { RowData } from '@tanstack/react-table';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, type DataTableProps } from '@/components/crm/data-table/DataTable';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/** A row's "more actions" menu: its links, then a delete that asks first (through `onDelete`). */
export function RowMenu({
  label,
  links,
  deleteLabel,
  onDelete,
}: {
  label: string;
  links: { href: string; label: string }[];
  deleteLabel: string;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={label}>
          <EllipsisIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {links.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <a href={link.href}>{link.label}</a>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          {deleteLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** What the delete's confirmation says and does; closed while `open` is false. */
export interface RecordDelete {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Deletes, says so and reloads; a rejection keeps the dialog open with the gateway's message shown. */
  onConfirm: () => Promise<void>;
}

export function RecordList<T extends RowData>({
  intro,
  newHref,
  newLabel,
  remove,
  ...table
}: DataTableProps<T> & { intro: string; newHref: string; newLabel: string; remove: RecordDelete }) {
  return (
    <section className="bg-background rounded-lg border p-4">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="text-muted-foreground max-w-2xl text-sm">{intro}</p>
        <Button asChild>
          <a href={newHref}>
            <PlusIcon aria-hidden="true" />
            {newLabel}
          </a>
        </Button>
      </div>
      <DataTable {...table} />
      <ConfirmDialog
        open={remove.open}
        onOpenChange={(open) => !open && remove.onClose()}
        title={remove.title}
        description={remove.description}
        confirmLabel={remove.confirmLabel}
        cancelLabel={remove.cancelLabel}
        destructive
        onConfirm={remove.onConfirm}
      />
    </section>
  );
}
