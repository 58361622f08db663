// PostgreSQL schemas the tables live in.
import { pgSchema } from 'drizzle-orm/pg-core';

/** Member portal data: members, accounts, sessions, audit. */
export const portal = pgSchema('portal');

/** Tenant content: tenants, pages, globals. Loaded from files under content/. */
export const content = pgSchema('content');

/** Bereaved visitors' personal data, held apart from members'. */
export const bereavement = pgSchema('bereavement');
