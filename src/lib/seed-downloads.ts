/** Download-centre records of the demo, with the files behind them. Part of a tenant file's `seed`. */
import { z } from 'zod';

export const downloadsSeedSchema = z.strictObject({});

export type DownloadsSeed = z.output<typeof downloadsSeedSchema>;
