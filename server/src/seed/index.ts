/**
 * Demo data from `tenants/*.json` (one file per host), written on the first start only: when
 * the database holds no enterprise. Later starts leave everything, users' changes included.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localize, tenantConfigSchema, type TenantConfig } from './config/tenant-config';
import type { Db } from '../db/client';
import { global } from '../db/access';
import type { FileStore } from '../files/store';
import {
  departments,
  enterpriseDomains,
  enterpriseUsers,
  enterprises,
  enums,
  navItems,
  posts,
  users,
} from '../db/schema';
import { seedSignIn } from '../modules/auth/seed';
import { hashPassword } from '../passwords';
import { globalEnums } from './enums';
import { seedAnnouncements } from './announcements';
import { seedCommunity } from './community';
import { seedDownloads } from './downloads';
import { seedExams } from './exams';
import { seedHome } from './home';
import { seedLearning } from './learning';
import { organisationFor } from './organisation';

export const defaultTenantsDir = fileURLToPath(new URL('../../../tenants', import.meta.url));

export interface TenantFile {
  /** Host the company is served on: the file name without `.json`. */
  domain: string;
  config: TenantConfig;
}

/** Reads and validates every tenant file; a bad file stops the start with its name and issue. */
export async function loadTenantFiles(dir = defaultTenantsDir): Promise<TenantFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => {
      const result = tenantConfigSchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(`tenants/${name}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      return { domain: basename(name, '.json').toLowerCase(), config: result.data };
    }),
  );
}

/**
 * Seeds the demo tenants if the database has no enterprise yet; returns whether it did. The
 * download centre's demo records come with files, so they are seeded only when given the
 * file store the gateway serves them from.
 */
export async function seedIfEmpty(db: Db, tenantsDir = defaultTenantsDir, files?: FileStore): Promise<boolean> {
  if ((await global.enterpriseCount(db)) > 0) return false;
  const tenants = await loadTenantFiles(tenantsDir);

  // One hash per distinct password keeps the first start (and every test file) fast.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };

  await db.transaction(async (tx) => {
    await tx.insert(enums).values(globalEnums.map((e, sort) => ({ ...e, sort })));
    for (const { domain, config } of tenants) {
      const { branding, seed } = config;
      const [enterprise] = await tx
        .insert(enterprises)
        .values({
          code: config.code,
          nameZh: localize(branding.name, 'zh'),
          nameEn: localize(branding.name, 'en'),
          titleZh: localize(branding.title, 'zh'),
          titleEn: localize(branding.title, 'en'),
          logo: branding.logo,
          icon: branding.icon,
          colorPrimary: branding.colors.primary,
          colorPrimaryForeground: branding.colors.primaryForeground,
          colorAccent: branding.colors.accent,
          initPasswordHash: await hashOf(seed.initialPassword),
        })
        .returning({ id: enterprises.id });
      const enterpriseId = enterprise!.id;
      await tx.insert(enterpriseDomains).values({ domain, enterpriseId });
      await tx.insert(navItems).values(
        seed.navItems.map((item, sort) => ({
          enterpriseId,
          sort,
          titleZh: localize(item.title, 'zh'),
          titleEn: localize(item.title, 'en'),
          navMenuType: item.navMenuType,
          navUrl: item.navUrl,
          linkUrl: item.linkUrl,
          isMenu: item.isMenu ? 1 : 0,
          target: item.target,
        })),
      );
      const organisation = organisationFor(config.code, seed.users);
      const orgRows = (nodes: typeof organisation.departments) =>
        nodes.map((n, sort) => ({ ...n, enterpriseId, sort }));
      if (organisation.departments.length) await tx.insert(departments).values(orgRows(organisation.departments));
      if (organisation.posts.length) await tx.insert(posts).values(orgRows(organisation.posts));
      for (const user of seed.users) {
        // The same phone in two tenant files is one person with two memberships.
        const [person] = await tx
          .insert(users)
          .values({ phone: user.phone })
          .onConflictDoUpdate({ target: users.phone, set: { phone: user.phone } })
          .returning({ id: users.id });
        await tx.insert(enterpriseUsers).values({
          enterpriseId,
          userId: person!.id,
          userNo: user.userNo ?? `${config.code}-${user.empNo}`,
          empNo: user.empNo,
          userName: user.userName,
          passwordHash: await hashOf(user.password ?? seed.initialPassword),
          userType: user.userType,
          isAdmin: user.isAdmin,
          isInitPassword: user.password === undefined ? 0 : 1,
          dataSource: user.dataSource,
          sex: user.sex,
          email: user.email,
          idCard: user.idCard,
          joiningTime: user.joiningTime,
          departmentId: user.department.id,
          departmentName: user.department.name,
          postId: user.post.id,
          postName: user.post.name,
          postLevel: user.postLevel,
          professional: user.professional,
          assessmentMethod: user.assessmentMethod,
          assessmentUserCategory: user.assessmentUserCategory,
        });
      }
      await seedSignIn(tx, enterpriseId, config);
      if (seed.learning) await seedLearning(tx, enterpriseId, seed.learning);
      if (seed.exams) await seedExams(tx, enterpriseId, seed.exams, seed.learning);
      if (seed.home) await seedHome(tx, enterpriseId, seed.home, seed.learning);
      if (seed.announcements) await seedAnnouncements(tx, enterpriseId, seed.announcements);
      if (seed.downloads && files) await seedDownloads(tx, enterpriseId, seed.downloads, files);
      if (seed.community) await seedCommunity(tx, enterpriseId, seed.community);
    }
  });
  return true;
}
