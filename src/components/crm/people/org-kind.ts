/** The per-tree messages of the departments and posts pages: the same suffix under `crmPeople.department.` or `crmPeople.post.`. */
import type { OrgKind } from '@/api/crm-people';

export type KindSuffix =
  | 'under'
  | 'intro'
  | 'new'
  | 'newChild'
  | 'newTitle'
  | 'renameTitle'
  | 'moveTitle'
  | 'deleteTitle'
  | 'deleteText'
  | 'code'
  | 'parent'
  | 'root'
  | 'tree'
  | 'empty'
  | 'created'
  | 'renamed'
  | 'moved'
  | 'deleted'
  | 'pick';

/** @example k('post', 'new') → 'crmPeople.post.new' */
export const k = (kind: OrgKind, suffix: KindSuffix) => `crmPeople.${kind}.${suffix}` as const;
