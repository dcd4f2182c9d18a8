/**
 * Download-centre records of the demo, with the files behind them. Part of a tenant file's
 * `seed`. Each entry gives one member (an employee number of the same tenant file) a run of
 * course progress exports: finished ones with a real spreadsheet of their progress, failed
 * ones spread among them over the past days, and a few still being built, asked for in the
 * minutes before the seed. The gateway's seed checks the members and names a bad one.
 */
import { z } from 'zod';
import { empNoRef } from './parts';

const memberExportsSchema = z.strictObject({
  /** Whose records they are. */
  empNo: empNoRef,
  /** Language of the files and their names. */
  lang: z.enum(['zh', 'en']).default('zh'),
  /** Finished exports (exportStatus 2), each with its own copy of the file. */
  finished: z.number().int().min(0).max(200),
  /** Failed exports (3), spread among the finished ones. */
  failed: z.number().int().min(0).max(200).default(0),
  /** Exports still being built (1), asked for in the minutes before the seed. */
  inProgress: z.number().int().min(0).max(10).default(0),
  /** Days the finished and failed exports are spread over, ending at the seed. */
  days: z.number().int().min(1).max(365).default(42),
});

export const downloadsSeedSchema = z.strictObject({
  /** Export records per member. */
  members: z.array(memberExportsSchema).default([]),
});

export type DownloadsSeed = z.output<typeof downloadsSeedSchema>;
export type MemberExportsSeed = z.output<typeof memberExportsSchema>;
