/**
 * The audit log (administrators): every back-office change, newest first, 20 a page, filtered
 * by person or object, object type, action and days; the filters and page live in the URL.
 * Each record's changed fields open below it, before and after. Records are read-only.
 */
import { useMemo, useState } from 'react';
import { getAuditPage } from '@/api/audit';
import type { AuditChange, AuditRecord } from '@/api/audit-types';
import { auditActions, auditObjectTypes, type AuditMessages } from '@/components/crm/audit/messages';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '', objectType: '', action: '', from: '', to: '' };
const NO_ROWS: AuditRecord[] = [];

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Changes({ changes, messages }: { changes: AuditChange[]; messages: AuditMessages }) {
  const [open, setOpen] = useState(false);
  if (changes.length === 0) return <span className="text-muted-foreground">{messages['crm.audit.noChanges']}</span>;
  return (
    <div>
      <Button type="button" variant="link" size="sm" className="h-auto p-0" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {messages['crm.audit.showChanges']} ({changes.length})
      </Button>
      {open && (
        <table className="mt-2 w-full text-xs">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="pe-3 text-start font-medium">{messages['crm.audit.field']}</th>
              <th scope="col" className="pe-3 text-start font-medium">{messages['crm.audit.before']}</th>
              <th scope="col" className="text-start font-medium">{messages['crm.audit.after']}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field} className="align-top">
                <td className="pe-3 font-mono">{c.field}</td>
                <td className="max-w-60 pe-3 break-words line-through decoration-1 opacity-70">{shown(c.before)}</td>
                <td className="max-w-60 break-words">{shown(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function AuditPage({ locale, messages }: { locale: Locale; messages: AuditMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getAuditPage(params, { signal, isShowErrTip: false }),
    {
      pageCurrent: query.pageCurrent,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      objectType: query.objectType || undefined,
      action: query.action || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
    },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<AuditRecord>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'medium' });
    const col = dataTableColumnHelper<AuditRecord>();
    const label = (prefix: 'action' | 'object', value: string) =>
      (messages as Record<string, string>)[`crm.audit.${prefix}.${value}`] ?? value;
    return [
      col.accessor('createdAt', {
        header: messages['crm.audit.time'],
        cell: (c) => <time dateTime={c.getValue()}>{when.format(new Date(c.getValue()))}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('actorName', { header: messages['crm.audit.actor'] }),
      col.accessor('action', { header: messages['crm.audit.action'], cell: (c) => label('action', c.getValue()) }),
      col.accessor('objectLabel', {
        header: messages['crm.audit.object'],
        cell: (c) => (
          <span>
            <span className="text-muted-foreground me-1">{label('object', c.row.original.objectType)}</span>
            {c.getValue() || c.row.original.objectId}
          </span>
        ),
      }),
      col.accessor('changes', { header: messages['crm.audit.changes'], cell: (c) => <Changes changes={c.getValue()} messages={messages} /> }),
    ];
  }, [locale, messages]);

  if (access === 'pending') return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;

  const selectFilter = (name: 'objectType' | 'action', values: readonly string[], prefix: 'object' | 'action') => (
    <SelectFilter
      id={`audit-${name}`}
      label={messages[`crm.audit.filter.${name}`]}
      value={query[name]}
      onChange={(v) => setQuery({ [name]: v, pageCurrent: 1 })}
      allLabel={messages['crm.audit.filter.all']}
      options={values.map((v) => ({ value: v, label: (messages as Record<string, string>)[`crm.audit.${prefix}.${v}`]! }))}
    />
  );

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="audit-keyword"
        label={messages['crm.audit.filter.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        className="w-44"
      />
      {selectFilter('objectType', auditObjectTypes, 'object')}
      {selectFilter('action', auditActions, 'action')}
      {(['from', 'to'] as const).map((name) => (
        <div key={name} className="flex flex-col gap-1">
          <Label htmlFor={`audit-${name}`}>{messages[`crm.audit.filter.${name}`]}</Label>
          <Input
            id={`audit-${name}`}
            type="date"
            className="w-40"
            value={query[name]}
            onChange={(e) => setQuery({ [name]: e.target.value, pageCurrent: 1 })}
          />
        </div>
      ))}
      <Button
        type="button"
        variant="ghost"
        onClick={resetQuery}
      >
        {messages['crm.audit.filter.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <p className="text-muted-foreground mb-4 text-sm">{messages['crm.audit.intro']}</p>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(messages['crm.audit.caption'], { count: data?.totalCount ?? 0 })}
        messages={messages}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={messages['crm.audit.empty']}
        toolbar={toolbar}
      />
    </section>
  );
}
