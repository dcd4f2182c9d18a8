/**
 * Importing members from a spreadsheet (administrators): the template to download, a file
 * chosen and checked by the gateway, every row shown with its problems highlighted and counted,
 * the import of the valid rows (a background job, its progress polled), and the result: how many
 * were imported and refused, the refused rows with their reasons in the download centre.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { commitImport, downloadImportTemplate, getImportStatus, previewImport } from '@/api/crm-people';
import type { ImportPreview, ImportPreviewRow, ImportStarted, ImportState } from '@/api/crm-people-types';
import { getExportDownloadUrl } from '@/api/downloads';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import type { ImportMessages } from '@/components/crm/people/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/components/ui/utils';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

/** How often the page asks how the import stands. */
const POLL_MS = 1_000;
const ROWS_PER_PAGE = 50;
/** The preview's columns: the row's typed values. */
const COLUMNS = ['userName', 'empNo', 'phone', 'email', 'idCard', 'department', 'post', 'postLevel', 'userType'] as const;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves a downloaded file under a name, as a link the browser follows. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ImportPage({ locale, messages: m }: { locale: Locale; messages: ImportMessages }) {
  const access = useCrmAccess('admin');
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [sending, setSending] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(1);
  const [started, setStarted] = useState<ImportStarted>();
  const [state, setState] = useState<ImportState>();
  const [fileNote, setFileNote] = useState<string>();

  useEffect(() => {
    if (!started || state?.status === 'done' || state?.status === 'failed') return;
    let stop = false;
    const poll = async () => {
      try {
        const next = await getImportStatus(started.id, { isShowErrTip: false });
        if (!stop) setState(next);
      } catch {
        // A missed answer: the next poll asks again.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [started, state?.status]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
    setStarted(undefined);
    setState(undefined);
    setProblem(undefined);
    setFileNote(undefined);
    setPage(1);
    if (fileInput.current) fileInput.current.value = '';
  };

  const check = async () => {
    if (!file) {
      setProblem(m['crmPeople.import.chooseFirst']);
      return;
    }
    setProblem(undefined);
    setPreview(undefined);
    setSending(0);
    try {
      setPreview(await previewImport(file, file.name, { isShowErrTip: false, onProgress: setSending }));
      setPage(1);
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? m['crmPeople.loadFailed']);
    } finally {
      setSending(undefined);
    }
  };

  const start = async () => {
    if (!preview) return;
    setProblem(undefined);
    try {
      setStarted(await commitImport(preview.id, { isShowErrTip: false }));
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? m['crmPeople.loadFailed']);
    }
  };

  const downloadRefused = async () => {
    if (!started?.exportId) return;
    setFileNote(undefined);
    try {
      const { url } = await getExportDownloadUrl(started.exportId, { isShowErrTip: false });
      window.open(url, '_blank', 'noopener');
    } catch {
      setFileNote(m['crmPeople.import.fileNotReady']);
    }
  };

  const rows = preview ? (onlyProblems ? preview.rows.filter((r) => r.problems.length > 0) : preview.rows) : [];
  const totalPage = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const shown = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  const running = started && state?.status !== 'done' && state?.status !== 'failed';

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="import-step-1" className="bg-background rounded-lg border p-4">
        <h2 id="import-step-1" className="mb-1 text-base font-semibold">
          {m['crmPeople.import.step1']}
        </h2>
        <p className="text-muted-foreground mb-3 text-sm">{m['crmPeople.import.templateHint']}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            void downloadImportTemplate().then(
              (blob) => saveBlob(blob, `${m['crmPeople.import.templateName']}.xlsx`),
              () => {},
            )
          }
        >
          {m['crmPeople.import.template']}
        </Button>
      </section>

      <section aria-labelledby="import-step-2" className="bg-background rounded-lg border p-4">
        <h2 id="import-step-2" className="mb-1 text-base font-semibold">
          {m['crmPeople.import.step2']}
        </h2>
        <p className="text-muted-foreground mb-3 text-sm">{m['crmPeople.import.fileHint']}</p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={fileId}>{m['crmPeople.import.file']}</Label>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={XLSX_ACCEPT}
              disabled={!!running}
              className="file:border-input file:bg-background text-sm file:me-3 file:rounded-md file:border file:px-3 file:py-1.5 file:text-sm"
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setPreview(undefined);
                setStarted(undefined);
                setState(undefined);
                setProblem(undefined);
              }}
            />
          </div>
          <Button type="submit" size="sm" disabled={sending !== undefined || !!running}>
            {sending !== undefined ? fill(m['crmPeople.import.checking'], { percent: sending }) : m['crmPeople.import.check']}
          </Button>
        </form>
        {problem && (
          <p role="alert" className="text-destructive mt-3 text-sm">
            {problem}
          </p>
        )}
      </section>

      {preview && (
        <section aria-labelledby="import-step-3" className="bg-background rounded-lg border p-4">
          <h2 id="import-step-3" className="mb-1 text-base font-semibold">
            {m['crmPeople.import.step3']}
          </h2>
          <p role="status" className="mb-3 text-sm">
            {fill(m['crmPeople.import.summary'], { total: preview.total, valid: preview.valid, refused: preview.refused })}
          </p>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Checkbox
                id="import-only-problems"
                checked={onlyProblems}
                onCheckedChange={(value) => {
                  setOnlyProblems(value === true);
                  setPage(1);
                }}
              />
              <Label htmlFor="import-only-problems">{m['crmPeople.import.onlyProblems']}</Label>
            </div>
            {!started && (
              <Button type="button" disabled={preview.valid === 0} onClick={() => void start()}>
                {fill(m['crmPeople.import.start'], { count: preview.valid })}
              </Button>
            )}
          </div>
          <PreviewTable rows={shown} messages={m} caption={fill(m['crmPeople.import.caption'], { fileName: preview.fileName })} />
          <Pager
            page={Math.min(page, totalPage)}
            totalPage={totalPage}
            onChange={setPage}
            texts={{ label: m['crm.table.pagination'], prev: m['crm.table.prev'], next: m['crm.table.next'], pageOf: m['crm.table.pageOf'] }}
          />
        </section>
      )}

      {started && (
        <section aria-labelledby="import-step-4" className="bg-background rounded-lg border p-4">
          <h2 id="import-step-4" className="mb-3 text-base font-semibold">
            {m['crmPeople.import.step4']}
          </h2>
          {running ? (
            <div className="flex flex-col gap-2">
              <Progress value={state?.progress ?? 0} aria-label={m['crmPeople.import.progress']} />
              <p role="status" className="text-muted-foreground text-sm">
                {fill(m['crmPeople.import.running'], { percent: state?.progress ?? 0 })}
              </p>
            </div>
          ) : state?.status === 'failed' ? (
            <p role="alert" className="text-destructive text-sm">
              {m['crmPeople.import.failed']}
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <p role="status" className="text-sm font-medium">
                {fill(m['crmPeople.import.done'], { imported: state?.imported ?? 0, refused: state?.refused ?? 0 })}
              </p>
              {started.exportId && (state?.refused ?? 0) > 0 && (
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span>{m['crmPeople.import.refusedInCentre']}</span>
                  <Button type="button" variant="outline" size="sm" onClick={() => void downloadRefused()}>
                    {m['crmPeople.import.downloadRefused']}
                  </Button>
                  {fileNote && <span className="text-muted-foreground">{fileNote}</span>}
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                <a
                  href={localizePath('/crm/members', locale)}
                  className="border-input hover:bg-accent inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium"
                >
                  {m['crmPeople.import.toMembers']}
                </a>
                <Button type="button" variant="ghost" size="sm" onClick={reset}>
                  {m['crmPeople.import.again']}
                </Button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function PreviewTable({ rows, messages: m, caption }: { rows: ImportPreviewRow[]; messages: ImportMessages; caption: string }) {
  const header = (field: string) => (m as Record<string, string>)[`crmPeople.import.column.${field}`] ?? field;
  const th = 'text-foreground h-10 px-2 text-start align-middle font-medium whitespace-nowrap';
  return (
    // A region of its own that takes focus, so that a keyboard can scroll a wide sheet sideways.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="focus-visible:ring-ring/50 overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px]"
    >
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="[&_tr]:border-b">
          <tr>
            <th scope="col" className={th}>
              {m['crmPeople.import.column.row']}
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={th}>
                {header(c)}
              </th>
            ))}
            <th scope="col" className={th}>
              {m['crmPeople.import.column.problems']}
            </th>
          </tr>
        </thead>
        <tbody className="[&_tr:last-child]:border-0">
          {rows.map((row) => {
            const bad = new Set(row.problems.map((p) => p.field));
            return (
              <tr key={row.row} data-problem={bad.size > 0 || undefined} className="border-b">
                <td className={cn('p-2 align-middle tabular-nums', bad.size > 0 && 'border-s-destructive border-s-4 font-semibold')}>{row.row}</td>
                {COLUMNS.map((c) => (
                  <td
                    key={c}
                    className={cn(
                      'p-2 align-middle whitespace-nowrap',
                      bad.has(c) && 'decoration-destructive font-semibold underline decoration-wavy decoration-2',
                    )}
                  >
                    {row.values[c] ?? ''}
                  </td>
                ))}
                <td className="min-w-56 p-2 align-middle">
                  {row.problems.length === 0 ? (
                    <span className="text-muted-foreground">{m['crmPeople.import.ok']}</span>
                  ) : (
                    <ul className="text-destructive list-disc ps-4">
                      {row.problems.map((p) => (
                        <li key={`${p.field}-${p.key}`}>{fill(m['crmPeople.import.problem'], { field: header(p.field), message: p.message })}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
