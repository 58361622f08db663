// Tenant content synced from content/: pages, documents, images and sync versions.
import type { PageJourney } from '@meridian/contracts';
import { boolean, integer, jsonb, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { content } from './namespaces';
import { tenants } from './tenancy';

export const pages = content.table(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    blocks: jsonb('blocks').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** A visibility rule over the content access key; null shows the page to everyone it is open to. */
    visibility: jsonb('visibility').$type<Record<string, unknown>>(),
    /** The journey the page is a step of; null for pages outside journeys. */
    journey: jsonb('journey').$type<PageJourney>(),
    /** What other pages' feeds show of this page. */
    widget: jsonb('widget').$type<Record<string, unknown>>(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pages_tenant_slug').on(table.tenantUrl, table.slug),
    uniqueIndex('pages_tenant_key').on(table.tenantUrl, table.key),
  ],
);

/** Tenant-wide content other than pages: globals, menu, footer, option lists, question nodes, funds, images. */
export const contentDocuments = content.table(
  'documents',
  {
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantUrl, table.kind] })],
);

/** Images referenced by content, served by the image-resouce endpoint. */
export const contentImages = content.table(
  'images',
  {
    tenantUrl: text('tenant_url')
      .notNull()
      .references(() => tenants.tenantUrl, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    mediaType: text('media_type').notNull(),
    data: text('data').notNull(),
    version: integer('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantUrl, table.path] })],
);

/** One row per content sync: the version every synced row carries, and what was loaded. */
export const contentVersions = content.table('versions', {
  version: integer('version').primaryKey(),
  checksum: text('checksum').notNull(),
  summary: jsonb('summary').$type<Record<string, number>>().notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
