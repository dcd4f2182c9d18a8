// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/crm/data-table/DataTable';
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { pickMessages } from '@/i18n/index';

interface Member {
  id: string;
  name: string;
  department: string;
}

const messages = pickMessages('en', dataTableMessageKeys);
const rows: Member[] = [
  { id: 'm1', name: 'Zhang Wei', department: 'Sales' },
  { id: 'm2', name: 'Li Na', department: 'Training' },
  { id: 'm3', name: 'Wang Lei', department: 'IT' },
];
const columns: DataTableColumn<Member>[] = [
  { accessorKey: 'name', header: 'Name', enableSorting: true, enableHiding: false },
  { accessorKey: 'department', header: 'Department' },
];
const noRows: Member[] = [];

describe('DataTable', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  function props(over: Partial<DataTableProps<Member>> = {}): DataTableProps<Member> {
    return {
      columns,
      data: rows,
      totalCount: 5,
      paging: { pageCurrent: 1, pageSize: 3 },
      onPagingChange: () => {},
      caption: 'Members',
      messages,
      ...over,
    };
  }

  const render = (p: DataTableProps<Member>) => act(async () => root.render(<DataTable {...p} />));
  const headers = () => [...container.querySelectorAll('thead th')].map((th) => th.textContent);
  const bodyRows = () => [...container.querySelectorAll('tbody tr')];
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;

  it('renders the rows, a caption and the total', async () => {
    await render(props());
    expect(container.querySelector('caption')?.textContent).toBe('Members');
    expect(headers()).toEqual(['Name', 'Department']);
    expect(bodyRows().map((tr) => tr.textContent)).toEqual(['Zhang WeiSales', 'Li NaTraining', 'Wang LeiIT']);
    expect(container.textContent).toContain('5 in all');
    expect(container.textContent).toContain('Page 1 of 2');
  });

  it('sorts through header buttons with aria-sort', async () => {
    const onSortChange = vi.fn();
    await render(props({ sort: { sortField: '', sortDesc: false }, onSortChange }));
    const nameHead = container.querySelector('thead th')!;
    expect(nameHead.getAttribute('aria-sort')).toBe('none');
    expect(container.querySelectorAll('thead th')[1].hasAttribute('aria-sort')).toBe(false);
    await act(async () => nameHead.querySelector('button')!.click());
    expect(onSortChange).toHaveBeenLastCalledWith({ sortField: 'name', sortDesc: false });

    await render(props({ sort: { sortField: 'name', sortDesc: false }, onSortChange }));
    expect(container.querySelector('thead th')!.getAttribute('aria-sort')).toBe('ascending');
    await act(async () => container.querySelector<HTMLButtonElement>('thead th button')!.click());
    expect(onSortChange).toHaveBeenLastCalledWith({ sortField: 'name', sortDesc: true });

    await render(props({ sort: { sortField: 'name', sortDesc: true }, onSortChange }));
    expect(container.querySelector('thead th')!.getAttribute('aria-sort')).toBe('descending');
    await act(async () => container.querySelector<HTMLButtonElement>('thead th button')!.click());
    expect(onSortChange).toHaveBeenLastCalledWith({ sortField: '', sortDesc: false });
  });

  it('turns pages and changes the page size', async () => {
    const onPagingChange = vi.fn();
    await render(props({ onPagingChange }));
    await act(async () => button('Next').click());
    expect(onPagingChange).toHaveBeenLastCalledWith({ pageCurrent: 2, pageSize: 3 });

    const select = container.querySelector('select')!;
    expect(select.labels?.[0]?.textContent).toBe('Rows per page');
    await act(async () => {
      select.value = '50';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onPagingChange).toHaveBeenLastCalledWith({ pageCurrent: 1, pageSize: 50 });
  });

  it('hides a column from the columns menu', async () => {
    await render(props());
    const trigger = button('Columns');
    await act(async () => {
      trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    const items = [...document.querySelectorAll('[role="menuitemcheckbox"]')];
    expect(items.map((item) => item.textContent)).toEqual(['Department']);
    expect(items[0].getAttribute('aria-checked')).toBe('true');
    await act(async () => (items[0] as HTMLElement).click());
    expect(headers()).toEqual(['Name']);
    expect(bodyRows()[0].textContent).toBe('Zhang Wei');
  });

  it('starts with the given columns hidden', async () => {
    await render(props({ initialHiddenColumns: ['department'] }));
    expect(headers()).toEqual(['Name']);
  });

  it('selects rows and shows the bulk-action bar', async () => {
    const bulkActions = vi.fn((selected: Member[]) => <button type="button">Delete {selected.length}</button>);
    await render(props({ bulkActions }));
    expect(container.querySelector('[data-slot="bulk-bar"]')).toBeNull();
    const checkboxes = () => [...container.querySelectorAll<HTMLElement>('[role="checkbox"]')];
    expect(checkboxes().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Select all rows on this page',
      'Select this row',
      'Select this row',
      'Select this row',
    ]);

    await act(async () => checkboxes()[2].click());
    expect(container.querySelector('[data-slot="bulk-bar"]')?.textContent).toContain('1 selected');
    expect(bulkActions).toHaveBeenLastCalledWith([rows[1]], expect.any(Function));
    expect(checkboxes()[0].getAttribute('aria-checked')).toBe('mixed');
    expect(bodyRows()[1].getAttribute('data-state')).toBe('selected');

    await act(async () => checkboxes()[0].click());
    expect(container.textContent).toContain('3 selected');
    expect(button('Delete 3')).toBeDefined();

    await act(async () => button('Clear selection').click());
    expect(container.querySelector('[data-slot="bulk-bar"]')).toBeNull();

    await act(async () => checkboxes()[1].click());
    expect(container.textContent).toContain('1 selected');
    await render(props({ bulkActions, data: [rows[2]] }));
    expect(container.querySelector('[data-slot="bulk-bar"]')).toBeNull();
  });

  it('shows skeleton rows while loading, the empty text and an error with retry', async () => {
    await render(props({ loading: true }));
    expect(container.querySelector('table')!.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('[data-slot="skeleton"]').length).toBe(6);
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading…');

    await render(props({ data: noRows, totalCount: 0 }));
    expect(bodyRows()[0].textContent).toBe('Nothing here yet');
    await render(props({ data: noRows, totalCount: 0, emptyText: 'No members match' }));
    expect(bodyRows()[0].textContent).toBe('No members match');

    const onRetry = vi.fn();
    await render(props({ error: new Error('x'), onRetry }));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('The list could not be loaded.');
    await act(async () => button('Retry').click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('ConfirmDialog', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  it('disables the buttons while the action runs, then closes', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onOpenChange = vi.fn();
    await act(async () =>
      root.render(
        <ConfirmDialog
          open
          onOpenChange={onOpenChange}
          title="Delete Li Na?"
          description="This cannot be undone."
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={onConfirm}
        />,
      ),
    );
    const dialog = document.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Delete Li Na?');
    expect(dialog.textContent).toContain('This cannot be undone.');
    const buttons = () => [...dialog.querySelectorAll('button')];
    const confirm = buttons().find((b) => b.textContent === 'Delete')!;
    expect(confirm.className).toContain('bg-destructive');

    await act(async () => confirm.click());
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(buttons().every((b) => b.disabled)).toBe(true);
    expect(onOpenChange).not.toHaveBeenCalled();

    await act(async () => finish());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(buttons().some((b) => b.disabled)).toBe(false);
  });

  it('stays open when the action fails', async () => {
    const onOpenChange = vi.fn();
    await act(async () =>
      root.render(
        <ConfirmDialog
          open
          onOpenChange={onOpenChange}
          title="Disable?"
          confirmLabel="Disable"
          cancelLabel="Cancel"
          onConfirm={() => Promise.reject(new Error('refused'))}
        />,
      ),
    );
    const confirm = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Disable')!;
    await act(async () => confirm.click());
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
