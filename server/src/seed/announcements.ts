/** Demo announcements with comments and members' messages of one company (`seed.announcements` of its tenant file). */
import type { AnnouncementsSeed } from '@/lib/seed-announcements';
import type { Db } from '../db/client';

// TODO(scaffold): filled in before this lands.
export async function seedAnnouncements(_db: Db, _enterpriseId: string, _section: AnnouncementsSeed): Promise<void> {}
