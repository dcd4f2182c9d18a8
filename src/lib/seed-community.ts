/**
 * Community posts of the demo: blogs and questions with answers, comments, likes and
 * bookmarks. Part of a tenant file's `seed`; the gateway's seed checks the members it names.
 */
import { z } from 'zod';

export const communitySeedSchema = z.strictObject({});

export type CommunitySeed = z.output<typeof communitySeedSchema>;
