/**
 * Which label a course item's type has (spec section 3): content types 3–8 by content type;
 * content type 2 by resource type, documents by their file name. Chapters have none.
 */
import { docKind, type DocKind } from '@/lib/doc-kind';

export type ContentTypeKey = `learning.contentType.${2 | 3 | 4 | 5 | 6 | 7 | 8}`;
export type ResourceTypeKey = `learning.resourceType.${2 | 3 | 4 | 5 | 6}`;
export type DocKindKey = `learning.doc.${DocKind}`;
/** Every label key {@link typeLabelKey} can give; islands that show types pick these. */
export type TypeLabelKey = ContentTypeKey | ResourceTypeKey | DocKindKey;

export const typeLabelKeys = [
  'learning.contentType.2',
  'learning.contentType.3',
  'learning.contentType.4',
  'learning.contentType.5',
  'learning.contentType.6',
  'learning.contentType.7',
  'learning.contentType.8',
  'learning.resourceType.2',
  'learning.resourceType.3',
  'learning.resourceType.4',
  'learning.resourceType.5',
  'learning.resourceType.6',
  'learning.doc.xls',
  'learning.doc.doc',
  'learning.doc.txt',
  'learning.doc.pdf',
  'learning.doc.ppt',
] as const satisfies readonly TypeLabelKey[];

/** What an item is, for icon and label: a content type, a resource type or a document kind. */
export type ItemKind =
  | { by: 'content'; type: 3 | 4 | 5 | 6 | 7 | 8 }
  | { by: 'resource'; type: 2 | 3 | 5 | 6 }
  | { by: 'doc'; kind: DocKind | undefined }
  | { by: 'chapter' };

const CONTENT = new Set([3, 4, 5, 6, 7, 8]);
const RESOURCE = new Set([2, 3, 5, 6]);

/**
 * The kind of a course item.
 *
 * @example itemKind(2, 4, '考勤制度.xlsx') → { by: 'doc', kind: 'xls' }; itemKind(3, 0) → { by: 'content', type: 3 }
 */
export function itemKind(contentType: number, resourceType: number, fileName?: string | null): ItemKind {
  if (CONTENT.has(contentType)) return { by: 'content', type: contentType as 3 | 4 | 5 | 6 | 7 | 8 };
  if (resourceType === 4) return { by: 'doc', kind: docKind(fileName) };
  if (RESOURCE.has(resourceType)) return { by: 'resource', type: resourceType as 2 | 3 | 5 | 6 };
  return { by: 'chapter' };
}

/**
 * The label key of a course item, `undefined` for a chapter.
 *
 * @example typeLabelKey(2, 4, 'a.pptx') → 'learning.doc.ppt'; typeLabelKey(2, 4, 'a.md') → 'learning.resourceType.4'
 */
export function typeLabelKey(contentType: number, resourceType: number, fileName?: string | null): TypeLabelKey | undefined {
  const kind = itemKind(contentType, resourceType, fileName);
  switch (kind.by) {
    case 'content':
      return `learning.contentType.${kind.type}`;
    case 'resource':
      return `learning.resourceType.${kind.type}`;
    case 'doc':
      return kind.kind ? `learning.doc.${kind.kind}` : 'learning.resourceType.4';
    default:
      return undefined;
  }
}
