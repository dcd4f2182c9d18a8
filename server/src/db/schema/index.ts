/**
 * The gateway's one database schema, one file per area. Every table that holds tenant data
 * carries `enterprise_id` (indexed) and is read only through `scoped(db, eid)` in `../access.ts`.
 * Migrations in `server/drizzle/` are generated from this index: `npm run db:generate`.
 * Only tables are exported here; the shared column builders (`./columns`, `./tenant-columns`)
 * stay private to the area files.
 */
export * from './tenancy';
export * from './people';
export * from './sign-in';
export * from './platform';
export * from './courses';
export * from './progress';
export * from './reactions';
export * from './exams';
export * from './study';
export * from './live';
export * from './home';
export * from './announcements';
export * from './ledger';
export * from './certificates';
export * from './community';
export * from './back-office';
