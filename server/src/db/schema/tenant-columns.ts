// Column builders of tenant tables: the owning enterprise and the member a row belongs to.
import { uuid } from 'drizzle-orm/pg-core';
import { enterpriseUsers } from './people';
import { enterprises } from './tenancy';

export const tenant = () =>
  uuid('enterprise_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' });
export const member = (name = 'enterprise_user_id') =>
  uuid(name)
    .notNull()
    .references(() => enterpriseUsers.id, { onDelete: 'cascade' });
