// Sessions and sign-in: failed attempts, password resets, captchas, SMS codes, sign-in through other services, rate-limit hits.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { enterpriseUsers } from './people';
import { enterprises } from './tenancy';

/** Sign-in sessions; the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    enterpriseUserId: uuid('enterprise_user_id')
      .notNull()
      .references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_enterprise_idx').on(t.enterpriseId),
    index('sessions_user_idx').on(t.enterpriseUserId),
  ],
);

/**
 * Failed sign-ins, the rate-limit counters. Kept in the database so that every replica sees
 * the same counts; rows older than the window are pruned as new ones arrive.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    empNo: varchar('emp_no', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.enterpriseId, t.empNo, t.attemptedAt),
    index('login_attempts_ip_idx').on(t.ip, t.attemptedAt),
  ],
);

/**
 * Password-reset mail requests. Every request is a row (the per-account and per-address rate
 * limits count them); a request for an account with an address on file also holds the
 * SHA-256 of a single-use token that expires after 30 minutes.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    empNo: varchar('emp_no', { length: 20 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    enterpriseUserId: uuid('enterprise_user_id').references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_account_idx').on(t.enterpriseId, t.empNo, t.createdAt),
    index('password_resets_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Image captchas: the keyed SHA-256 of the lower-cased answer, never the answer. A captcha
 * expires after 5 minutes and is spent by its first check, right or wrong.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * SMS verification codes, stored as keyed SHA-256 only. Every request is a row, delivered or
 * not (codes for unknown phones are counted but never sent), so the per-phone and per-address
 * limits count rows. `enterprise_id` is the tenant of the request that asked, when known.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: uuid('enterprise_id').references(() => enterprises.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** `login`, `register` or `reset`. */
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    delivered: boolean('delivered').notNull().default(false),
    /** Wrong guesses against this code; past the limit the code is spent. */
    failedChecks: smallint('failed_checks').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.scene, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_enterprise_idx').on(t.enterpriseId),
  ],
);

/**
 * Per-enterprise settings of the sign-in ways offered through other services: `wecom`,
 * `dingtalk` (scan-code login) and `oidc` (single sign-on). Holds client secrets: read only
 * on the gateway, never sent in an answer.
 */
export const signInConfigs = pgTable(
  'sign_in_configs',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.provider] })],
);

/** A member's account at another service (WeCom user id, DingTalk union id), per enterprise. */
export const memberIdentities = pgTable(
  'member_identities',
  {
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    enterpriseUserId: uuid('enterprise_user_id')
      .notNull()
      .references(() => enterpriseUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.provider, t.subject] }),
    index('member_identities_member_idx').on(t.enterpriseUserId),
  ],
);

/**
 * Pending sign-ins at another service: the SHA-256 of the `state` handed out, bound to the
 * enterprise and the service, with the PKCE verifier and nonce of single sign-on. Single use,
 * 10 minutes.
 */
export const signInStates = pgTable(
  'sign_in_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /**
     * SHA-256 of the random value the browser that started the sign-in holds in an HttpOnly
     * cookie: only that browser can finish it.
     */
    bindingHash: varchar('binding_hash', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_states_enterprise_idx').on(t.enterpriseId),
    index('sign_in_states_expires_idx').on(t.expiresAt),
  ],
);

/** Hits counted for rate limits that have no table of their own (`bucket` + client address). */
export const rateHits = pgTable(
  'rate_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: varchar('bucket', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_hits_subject_idx').on(t.bucket, t.subject, t.at)],
);
