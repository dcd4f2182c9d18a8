/**
 * The back office's audit log, read with filters (administrators; the row's role), and the
 * caller's own uploads ("my uploads", every member).
 */
import type { AuditFilters as Filters, AuditRecord, MyUpload } from '@/api/audit-types';
import type { PageResult } from '@/api/types';
import { EXPORT_TIME_ZONE_OFFSET } from '../../exports';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';

/** The instant a `YYYY-MM-DD` day starts in the company's time zone, `days` later. */
function dayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00${EXPORT_TIME_ZONE_OFFSET}`);
  return new Date(start.getTime() + days * 86_400_000);
}

export async function auditPage(ctx: AuthContext, body: Paging & Filters): Promise<PageResult<AuditRecord>> {
  const { rows, count } = await ctx.scope.audit.page(
    {
      objectType: body.objectType,
      action: body.action,
      keyword: body.keyword,
      from: body.from ? dayStart(body.from) : undefined,
      to: body.to ? dayStart(body.to, 1) : undefined,
    },
    pageWindow(body),
  );
  const list = rows.map((r) => ({
    id: r.id,
    actorId: r.actorId,
    actorName: r.actorName,
    action: r.action,
    objectType: r.objectType,
    objectId: r.objectId,
    objectLabel: r.objectLabel,
    changes: r.changes,
    createdAt: r.createdAt.toISOString(),
  }));
  return pageResult(list, body, count);
}

export async function myUploadPage(ctx: AuthContext, body: Paging): Promise<PageResult<MyUpload>> {
  const { rows, count } = await ctx.scope.uploads.mine(ctx.member.id, pageWindow(body));
  const list = rows.map((r) => ({
    id: r.id,
    name: r.originalName || r.key.split('/').pop()!,
    url: `/files/${r.key}`,
    contentType: r.contentType,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
    used: r.usedAt !== null,
  }));
  return pageResult(list, body, count);
}
