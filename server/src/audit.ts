/**
 * Recording back-office changes in the audit log: who (the signed-in member), what object, and
 * each changed field before and after. Handlers record in the same transaction as the change,
 * so a change is never kept without its record, nor a record without its change.
 */
import type { AuditChange, AuditEntry, Scoped } from './db/access';
import type { Member } from './db/access';

/** A plain object's fields as the audit log keeps them. */
type Fields = Record<string, unknown>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The named fields that differ between two versions of an object (null: it did not exist).
 * Only the fields named are compared, so secrets (password hashes) are never recorded.
 *
 * @example changesOf({ name: 'A', sort: 1 }, { name: 'B', sort: 1 }, ['name', 'sort']) → [{ field: 'name', before: 'A', after: 'B' }]
 */
export function changesOf(before: Fields | null | undefined, after: Fields | null | undefined, fields: readonly string[]): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = before ? (before[field] ?? null) : null;
    const is = after ? (after[field] ?? null) : null;
    if (!same(was, is)) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** Who made a change. */
export type Actor = Pick<Member, 'id' | 'userName'>;

/**
 * Appends one record per entry, as `actor`, through a handle (inside the change's transaction:
 * `scoped(tx, eid)`). An update that changed none of its fields records nothing.
 */
export async function recordAudit(scope: Scoped, actor: Actor, entries: Omit<AuditEntry, 'actorId' | 'actorName'>[]): Promise<void> {
  const kept = entries.filter((e) => e.action !== 'update' || (e.changes?.length ?? 0) > 0);
  await scope.audit.append(kept.map((e) => ({ ...e, actorId: actor.id, actorName: actor.userName })));
}
