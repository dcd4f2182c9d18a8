/**
 * The length rule of a member's note on a course. Pure: the notes form and the gateway share
 * it, so both count the same characters (code points of the trimmed text, so an emoji is one).
 */

/** Longest note, in characters, after trimming. */
export const COURSE_NOTE_MAX = 2000;

/** @example noteLength('  笔记 👍 ') → 4 */
export function noteLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Why a note cannot be saved, or undefined when it can.
 *
 * @example noteProblem('   ') → 'empty'; noteProblem('要点') → undefined
 */
export function noteProblem(text: string): 'empty' | 'tooLong' | undefined {
  const length = noteLength(text);
  if (length === 0) return 'empty';
  return length > COURSE_NOTE_MAX ? 'tooLong' : undefined;
}
