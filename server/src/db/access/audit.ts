/**
 * The audit log's rows (`audit_log`): appended by every change the back office makes, read by
 * its audit page with filters. Nothing here updates or deletes a record (the application role
 * may not either: migration 0011).
 */
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { auditLog, type AuditChange } from '../schema';
import type { RowWindow } from '../../paging';
import { containsPattern } from './rows';

export type { AuditChange };

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: string;
  objectType: string;
  objectId: string;
  objectLabel?: string;
  changes?: AuditChange[];
}

export interface AuditFilters {
  objectType?: string;
  objectId?: string;
  action?: string;
  actorId?: string;
  /** Matched against the actor's name and the object's label. */
  keyword?: string;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date;
  to?: Date;
}

export function auditQueries(db: Db, eid: string) {
  const where = (f: AuditFilters): SQL => {
    const conditions: (SQL | undefined)[] = [eq(auditLog.enterpriseId, eid)];
    if (f.objectType) conditions.push(eq(auditLog.objectType, f.objectType));
    if (f.objectId) conditions.push(eq(auditLog.objectId, f.objectId));
    if (f.action) conditions.push(eq(auditLog.action, f.action));
    if (f.actorId) conditions.push(eq(auditLog.actorId, f.actorId));
    if (f.from) conditions.push(gte(auditLog.createdAt, f.from));
    if (f.to) conditions.push(lt(auditLog.createdAt, f.to));
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      conditions.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.objectLabel, pattern)));
    }
    return and(...conditions)!;
  };
  return {
    async append(entries: AuditEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insert(auditLog).values(
        entries.map((e) => ({
          enterpriseId: eid,
          actorId: e.actorId,
          actorName: e.actorName,
          action: e.action,
          objectType: e.objectType,
          objectId: e.objectId,
          objectLabel: e.objectLabel ?? '',
          changes: e.changes ?? [],
        })),
      );
    },

    /** A page of records, newest first, and how many match. */
    async page(filters: AuditFilters, { limit, offset }: RowWindow) {
      const condition = where(filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
