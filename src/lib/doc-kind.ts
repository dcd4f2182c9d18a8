/**
 * Which kind of document a file is (spec section 3: resource type 4 documents are xls, doc,
 * txt, pdf or ppt, told apart by file name). Pure: the course tree, the courseware list and the
 * player share it.
 */

export const docKinds = ['xls', 'doc', 'txt', 'pdf', 'ppt'] as const;
export type DocKind = (typeof docKinds)[number];

const BY_EXTENSION: Record<string, DocKind> = {
  xls: 'xls',
  xlsx: 'xls',
  doc: 'doc',
  docx: 'doc',
  txt: 'txt',
  pdf: 'pdf',
  ppt: 'ppt',
  pptx: 'ppt',
};

/**
 * The extension of a file name or URL, lower case, without query, fragment or folders.
 *
 * @example fileExtension('/media/报到须知.TXT?v=2') → 'txt'
 */
export function fileExtension(fileName: string | null | undefined): string {
  const name = (fileName ?? '').trim().split(/[?#]/)[0]!.split(/[/\\]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The document kind of a file name, or `undefined` for any other file.
 *
 * @example docKind('考勤制度.xlsx') → 'xls'; docKind('入职资料包.zip') → undefined
 */
export function docKind(fileName: string | null | undefined): DocKind | undefined {
  return BY_EXTENSION[fileExtension(fileName)];
}
