/** Announcements with comments and members' messages of the demo. Part of a tenant file's `seed`. */
import { z } from 'zod';

export const announcementsSeedSchema = z.strictObject({});

export type AnnouncementsSeed = z.output<typeof announcementsSeedSchema>;
