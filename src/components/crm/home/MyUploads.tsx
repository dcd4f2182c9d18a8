/** "My uploads": the signed-in member's uploaded files, newest first, 20 a page. */
import { useState } from 'react';
import { getMyUploadPage } from '@/api/audit';
import type { MyUploadsMessages } from '@/components/crm/home/messages';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { formatFileSize } from '@/lib/format';

export function MyUploads({ locale, messages }: { locale: Locale; messages: MyUploadsMessages }) {
  const [page, setPage] = useState(1);
  const { data: result, loading, error, reload } = usePageQuery(
    (pageCurrent, signal) => getMyUploadPage({ pageCurrent }, { signal, isShowErrTip: false }),
    page,
  );
  const status = error ? 'error' : loading || !result ? 'loading' : 'ready';

  const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
  const list = result?.list ?? [];
  const shown = status === 'ready' && list.length === 0 ? 'empty' : status;
  return (
    <section className="bg-background rounded-lg border p-4">
      <p className="text-muted-foreground mb-4 text-sm">{messages['crm.uploads.intro']}</p>
      <LoadState status={shown} texts={loadTexts(messages, messages['crm.uploads.empty'])} onRetry={reload}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{fill(messages['crm.uploads.caption'], { count: result?.totalCount ?? 0 })}</caption>
            <thead className="text-muted-foreground border-b text-start">
              <tr>
                <th scope="col" className="py-2 pe-4 text-start font-medium">{messages['crm.uploads.name']}</th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">{messages['crm.uploads.type']}</th>
                <th scope="col" className="py-2 pe-4 text-end font-medium">{messages['crm.uploads.size']}</th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">{messages['crm.uploads.time']}</th>
                <th scope="col" className="py-2 text-start font-medium">{messages['crm.uploads.used']}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((u) => (
                <tr key={u.id} className="border-b last:border-0">
                  <td className="max-w-72 truncate py-2 pe-4">
                    <a href={u.url} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                      {u.name}
                    </a>
                  </td>
                  <td className="py-2 pe-4">{u.contentType}</td>
                  <td className="py-2 pe-4 text-end tabular-nums">{formatFileSize(u.size)}</td>
                  <td className="py-2 pe-4 whitespace-nowrap">{when.format(new Date(u.createdAt))}</td>
                  <td className="py-2">{u.used ? messages['crm.uploads.inUse'] : messages['crm.uploads.unused']}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {(result?.totalPage ?? 0) > 1 && (
          <div className="mt-4">
            <Pager page={page} totalPage={result!.totalPage} onChange={setPage} texts={pagerTexts(messages)} />
          </div>
        )}
      </LoadState>
    </section>
  );
}
