import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import { pageFileSchema, tenantContentSchema, type PageFile, type TenantContent } from '@meridian/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pages, tenants } from '../../db/schema';

export class ContentFileError extends Error {
  constructor(
    public readonly file: string,
    public readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

export interface TenantBundle {
  tenant: TenantContent;
  pages: PageFile[];
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ContentFileError(file, `not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContentFileError(file, `${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Reads and validates every tenant folder; throws on the first bad file, naming file, path and reason. */
export async function readContentTree(root: string): Promise<TenantBundle[]> {
  const tenantsDir = path.join(root, 'tenants');
  const folders = (await readdir(tenantsDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const bundles: TenantBundle[] = [];
  for (const folder of folders) {
    const dir = path.join(tenantsDir, folder.name);
    const tenant = await readJson(path.join(dir, 'tenant.json'), tenantContentSchema);
    const pageDir = path.join(dir, 'pages');
    const pageFiles = (await readdir(pageDir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
    const tenantPages: PageFile[] = [];
    for (const name of pageFiles.sort()) tenantPages.push(await readJson(path.join(pageDir, name), pageFileSchema));
    bundles.push({ tenant, pages: tenantPages });
  }
  return bundles;
}

/** Loads the content tree into the database in one transaction: all of it or none of it. */
export async function syncContent(db: Database, root: string): Promise<{ tenants: number; pages: number }> {
  const bundles = await readContentTree(root);
  let pageCount = 0;
  await db.transaction(async (tx) => {
    for (const { tenant, pages: tenantPages } of bundles) {
      await tx
        .insert(tenants)
        .values(tenant)
        .onConflictDoUpdate({ target: tenants.tenantUrl, set: { ...tenant } });
      for (const page of tenantPages) {
        await tx
          .insert(pages)
          .values({ ...page, tenantUrl: tenant.tenantUrl })
          .onConflictDoUpdate({
            target: [pages.tenantUrl, pages.slug],
            set: { key: page.key, title: page.title, isPublic: page.isPublic, blocks: page.blocks, updatedAt: new Date() },
          });
        pageCount += 1;
      }
      const slugs = tenantPages.map((page) => page.slug);
      await tx
        .delete(pages)
        .where(
          slugs.length > 0
            ? and(eq(pages.tenantUrl, tenant.tenantUrl), notInArray(pages.slug, slugs))
            : eq(pages.tenantUrl, tenant.tenantUrl),
        );
    }
  });
  return { tenants: bundles.length, pages: pageCount };
}
