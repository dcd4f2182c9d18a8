import { describe, expect, it } from 'vitest';
import { docKind, fileExtension } from '@/lib/doc-kind';

describe('docKind', () => {
  it('tells the five document kinds apart by extension, old and new formats alike', () => {
    expect(docKind('考勤制度.xls')).toBe('xls');
    expect(docKind('考勤制度.xlsx')).toBe('xls');
    expect(docKind('员工手册.doc')).toBe('doc');
    expect(docKind('员工手册.docx')).toBe('doc');
    expect(docKind('报到须知.txt')).toBe('txt');
    expect(docKind('企业文化手册.pdf')).toBe('pdf');
    expect(docKind('公司介绍.ppt')).toBe('ppt');
    expect(docKind('公司介绍.pptx')).toBe('ppt');
  });

  it('ignores case, folders, queries and fragments', () => {
    expect(docKind('HANDBOOK.PDF')).toBe('pdf');
    expect(docKind('/media/demo/courseware/a.b.Docx?v=3#top')).toBe('doc');
    expect(docKind('C:\\files\\sheet.XLSX')).toBe('xls');
    expect(docKind('  notes.txt  ')).toBe('txt');
  });

  it('gives nothing for other files and for names without an extension', () => {
    expect(docKind('入职资料包.zip')).toBeUndefined();
    expect(docKind('welcome.mp4')).toBeUndefined();
    expect(docKind('pdf')).toBeUndefined();
    expect(docKind('.pdf')).toBeUndefined();
    expect(docKind('report.pdf.exe')).toBeUndefined();
    expect(docKind('')).toBeUndefined();
    expect(docKind(undefined)).toBeUndefined();
    expect(docKind(null)).toBeUndefined();
  });
});

describe('fileExtension', () => {
  it('is the lower-case text after the last dot of the last segment', () => {
    expect(fileExtension('/a.dir/file')).toBe('');
    expect(fileExtension('archive.tar.GZ')).toBe('gz');
  });
});
