import { describe, expect, it } from 'vitest';
import { COURSE_NOTE_MAX, noteLength, noteProblem } from '@/lib/course-note';

describe('course notes', () => {
  it('counts code points of the trimmed text', () => {
    expect(noteLength('  笔记 👍 ')).toBe(4);
    expect(noteLength('\n\t ')).toBe(0);
  });

  it('refuses empty and over-long notes, accepts the limit itself', () => {
    expect(noteProblem('')).toBe('empty');
    expect(noteProblem('  \n ')).toBe('empty');
    expect(noteProblem('要'.repeat(COURSE_NOTE_MAX))).toBeUndefined();
    expect(noteProblem(` ${'要'.repeat(COURSE_NOTE_MAX)} `)).toBeUndefined();
    expect(noteProblem('要'.repeat(COURSE_NOTE_MAX + 1))).toBe('tooLong');
    expect(noteProblem('👍'.repeat(COURSE_NOTE_MAX))).toBeUndefined();
  });
});
