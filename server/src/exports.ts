/**
 * Spreadsheet exports: columns with headers in both languages, times in the companies' zone,
 * file names, and the workbook an export's rows make. What to export, and where the file goes,
 * belongs to the feature that starts it.
 */
import ExcelJS from 'exceljs';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { MAX_PAGE_SIZE, type Paging } from './paging';

/** Times in export files and file names are the companies' local time. */
export const EXPORT_TIME_ZONE = 'Asia/Shanghai';
/** Its offset from UTC (China keeps no daylight saving), for the start of a day given as `YYYY-MM-DD`. */
export const EXPORT_TIME_ZONE_OFFSET = '+08:00';

export type Texts = Record<Locale, string>;

/** A spreadsheet column: its header in both languages and its cell for a row. */
export interface ExportColumn<T> {
  header: Texts;
  width: number;
  cell(row: T, lang: Locale): string | number;
}

/** Learning statuses 0–2 as export files write them. */
export const learningStatusLabels: Record<number, Texts> = {
  0: { zh: '未开始', en: 'Not started' },
  1: { zh: '学习中', en: 'Learning' },
  2: { zh: '已完成', en: 'Completed' },
};

function zonedParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: EXPORT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/**
 * A time as written in export files.
 *
 * @example exportTime('2026-11-21T23:15:00Z') → '2026-11-22 07:15:00'
 */
export function exportTime(iso: string | null): string {
  if (!iso) return '';
  const p = zonedParts(new Date(iso));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * An export's file name: its title and the time it was asked for.
 *
 * @example exportFileName('课程学习进度', new Date('2026-11-21T23:15:00Z')) → '课程学习进度-20261122-0715.xlsx'
 */
export function exportFileName(title: string, at: Date): string {
  const p = zonedParts(at);
  return `${title}-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.xlsx`;
}

/**
 * Every page of a page call at the largest page size, for an export's rows.
 *
 * @example rows: () => everyPage((paging) => trainingProgressPage(ctx, paging))
 */
export async function* everyPage<T>(load: (paging: Paging) => Promise<PageResult<T>>): AsyncGenerator<T[]> {
  for (let pageCurrent = 1; ; pageCurrent++) {
    const page = await load({ pageCurrent, pageSize: MAX_PAGE_SIZE });
    yield page.list;
    if (pageCurrent >= page.totalPage) return;
  }
}

/** What an export writes: its kind, title, columns and rows. */
export interface ExportSpec<T> {
  kind: string;
  title: Texts;
  columns: ExportColumn<T>[];
  /** The rows, batch by batch. */
  rows(): AsyncIterable<T[]>;
}

/** A workbook of one sheet: the header row in `lang`, then one row per item. */
export async function buildWorkbook<T>(spec: ExportSpec<T>, lang: Locale): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(spec.title[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.header[lang], width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of spec.rows()) {
    for (const row of batch) sheet.addRow(spec.columns.map((c) => c.cell(row, lang)));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
