/** Home page demo content: banners, zones, featured lecturers, points, credit hours and certificates. Part of a tenant file's `seed`. */
import { z } from 'zod';

export const homeSeedSchema = z.strictObject({});

export type HomeSeed = z.output<typeof homeSeedSchema>;
