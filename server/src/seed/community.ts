/** Demo community posts, answers, comments, likes and bookmarks of one company (`seed.community`). */
import type { CommunitySeed } from '@/lib/seed-community';
import type { Db } from '../db/client';

// TODO(scaffold): replaced by the real seed before this lands.
export async function seedCommunity(_db: Db, _enterpriseId: string, _section: CommunitySeed): Promise<void> {}
