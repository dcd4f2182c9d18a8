/** Demo download-centre records with their files of one company (`seed.downloads` of its tenant file). */
import type { DownloadsSeed } from '@/lib/seed-downloads';
import type { Db } from '../db/client';

// TODO(scaffold): filled in before this lands.
export async function seedDownloads(_db: Db, _enterpriseId: string, _section: DownloadsSeed): Promise<void> {}
