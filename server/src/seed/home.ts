/** Demo banners, zones, featured lecturers, points, credit hours and certificates of one company (`seed.home` of its tenant file). */
import type { HomeSeed } from '@/lib/seed-home';
import type { LearningSeed } from '@/lib/tenant-config';
import type { Db } from '../db/client';

// TODO(scaffold): filled in before this lands.
export async function seedHome(_db: Db, _enterpriseId: string, _section: HomeSeed, _learning: LearningSeed | undefined): Promise<void> {}
