/**
 * The organisation centre's learner filters and page in the URL query (`keyword`, `department`,
 * `status`, `page`), so a reload or a shared link shows the same list, and the department
 * options from the department tree. Pure, so the rules are tested without a browser.
 */
import type { LearnerStatus, OrganizationLearnerFilters } from '@/api/people-types';
import type { TreeOption } from '@/api/types';

/** The longest keyword the gateway takes. */
export const KEYWORD_MAX = 50;

export interface LearnerQuery {
  keyword: string;
  departmentId: string;
  learningStatus: LearnerStatus | null;
  page: number;
}

export const NO_FILTERS: LearnerQuery = { keyword: '', departmentId: '', learningStatus: null, page: 1 };

/**
 * @example readLearnerQuery('?keyword=张&status=1&page=2') → { keyword: '张', departmentId: '', learningStatus: 1, page: 2 }
 */
export function readLearnerQuery(search: string): LearnerQuery {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  const page = Number(q.get('page'));
  return {
    keyword: [...(q.get('keyword') ?? '').trim()].slice(0, KEYWORD_MAX).join(''),
    departmentId: (q.get('department') ?? '').trim().slice(0, 40),
    learningStatus: status === '0' || status === '1' || status === '2' ? (Number(status) as LearnerStatus) : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string of a learner query ('' with no filters on page 1).
 *
 * @example learnerSearch({ keyword: '', departmentId: 'D100', learningStatus: 0, page: 1 }) → '?department=D100&status=0'
 */
export function learnerSearch(query: LearnerQuery): string {
  const q = new URLSearchParams();
  if (query.keyword) q.set('keyword', query.keyword);
  if (query.departmentId) q.set('department', query.departmentId);
  if (query.learningStatus !== null) q.set('status', String(query.learningStatus));
  if (query.page > 1) q.set('page', String(query.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/**
 * The filters of the learner calls (what is not set is left out).
 *
 * @example learnerFilters({ keyword: 'E10', departmentId: '', learningStatus: null, page: 3 }) → { keyword: 'E10' }
 */
export function learnerFilters(query: LearnerQuery): OrganizationLearnerFilters {
  return {
    ...(query.keyword && { keyword: query.keyword }),
    ...(query.departmentId && { departmentId: query.departmentId }),
    ...(query.learningStatus !== null && { learningStatus: query.learningStatus }),
  };
}

/** A department option: its id, name and depth in the tree. */
export interface DepartmentOption {
  id: string;
  name: string;
  depth: number;
}

/**
 * The department tree as a flat list in tree order, each with its depth.
 *
 * @example departmentOptions([{ id: 'D1', name: 'R&D', parentId: '', children: [{ id: 'D11', name: 'QA', parentId: 'D1' }] }])
 *   → [{ id: 'D1', name: 'R&D', depth: 0 }, { id: 'D11', name: 'QA', depth: 1 }]
 */
export function departmentOptions(tree: TreeOption[], depth = 0): DepartmentOption[] {
  return tree.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...departmentOptions(node.children ?? [], depth + 1)]);
}

/**
 * The part of the tree a caller reports on: all of it without a root (an administrator), else
 * the root department with the ones under it (an organisation user's own), or nothing when the
 * root is not in the tree.
 *
 * @example reachTree(tree, 'D11') → [QA with Lab under it]
 */
export function reachTree(tree: TreeOption[], root: string | undefined): TreeOption[] {
  if (root === undefined) return tree;
  for (const node of tree) {
    if (node.id === root) return [node];
    const found = reachTree(node.children ?? [], root);
    if (found.length) return found;
  }
  return [];
}
