import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, max, notInArray, sql } from 'drizzle-orm';
import {
  contentDocumentSchemas,
  pageFileSchema,
  tenantContentSchema,
  tenantLogoSchema,
  type ContentDocumentKind,
  type JourneyDefinition,
  type PageFile,
  type TenantContent,
} from '@meridian/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { contentDocuments, contentImages, contentVersions, pages, tenants } from '../../db/schema';
import { clearContentCache } from './content-cache';
import { contentImageVersion } from './image-version';
import { DEMO_ONLY_PAGES } from './search';
import { tenantRowOf } from '../tenancy/tenant-repository';
import { graphOf, journeyGraphProblems } from '../journeys/graph';

export class ContentFileError extends Error {
  constructor(
    public readonly file: string,
    public readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

export interface ContentImage {
  path: string;
  mediaType: string;
  data: Buffer;
}

export interface TenantBundle {
  tenant: TenantContent;
  pages: PageFile[];
  documents: Partial<Record<ContentDocumentKind, unknown>>;
  images: ContentImage[];
}

/** Adds a file's place in the tree and its bytes to the checksum of the whole tree. */
type Recorder = (file: string, data: string | Buffer) => void;

const MAX_IMAGE_BYTES = 1_000_000;
const imageTypes: Array<{ mediaType: string; matches: (data: Buffer) => boolean }> = [
  {
    mediaType: 'image/png',
    matches: (data) => data.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  { mediaType: 'image/jpeg', matches: (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff },
  {
    mediaType: 'image/webp',
    matches: (data) =>
      data.subarray(0, 4).toString() === 'RIFF' && data.subarray(8, 12).toString() === 'WEBP',
  },
];

async function readJson<T>(file: string, schema: z.ZodType<T>, record: Recorder): Promise<T> {
  let raw: unknown;
  try {
    const text = await readFile(file, 'utf8');
    record(file, text);
    raw = JSON.parse(text);
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

const listFiles = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();

/** Images are checked by their bytes, not their names; only raster types a browser can show safely. */
async function readImages(dir: string, record: Recorder): Promise<ContentImage[]> {
  const images: ContentImage[] = [];
  for (const name of await listFiles(dir)) {
    const file = path.join(dir, name);
    const data = await readFile(file);
    record(file, data);
    if (data.length > MAX_IMAGE_BYTES)
      throw new ContentFileError(file, `larger than ${MAX_IMAGE_BYTES} bytes`);
    const type = imageTypes.find((candidate) => candidate.matches(data));
    if (!type) throw new ContentFileError(file, 'not a PNG, JPEG or WebP image');
    images.push({ path: `images/${name}`, mediaType: type.mediaType, data });
  }
  return images;
}

/**
 * Every journey's pages must form a graph from its first page to its summary page, and every page
 * that asks a question or leads on must belong to a journey the tenant defines.
 */
function checkJourneys(dir: string, tenantPages: PageFile[], definitions: JourneyDefinition[] = []) {
  const file = path.join(dir, 'journeys.json');
  const types = new Set(definitions.map((definition) => definition.type));
  if (types.size !== definitions.length) throw new ContentFileError(file, 'two journeys share a type');
  const stray = tenantPages.find(
    (page) => page.journey && !types.has(page.journey.type) && (page.journey.question || page.journey.next),
  );
  if (stray)
    throw new ContentFileError(
      path.join(dir, 'pages'),
      `page "${stray.key}" is a step of journey ${stray.journey?.type}, which journeys.json does not define`,
    );
  for (const definition of definitions) {
    const [problem] = journeyGraphProblems(graphOf(definition, tenantPages));
    if (problem) throw new ContentFileError(file, `${definition.type}: ${problem}`);
    if (definition.entryPage && !tenantPages.some((page) => page.key === definition.entryPage))
      throw new ContentFileError(
        file,
        `${definition.type}: entryPage: no page of this tenant has the key "${definition.entryPage}"`,
      );
  }
}

/**
 * Authoring is strict: a misspelt tenant setting fails the sync instead of being dropped. The logo's
 * version is the sync's to set.
 */
const tenantFileSchema = z.strictObject({ ...tenantContentSchema.shape, logo: tenantLogoSchema.optional() });

/** What a sync loads besides the tenants' own content: the demo-only pages, where the demo runs. */
export interface SyncOptions {
  demo?: boolean;
}

/**
 * Reads and validates every tenant folder; throws on the first bad file, naming file, path and reason.
 * Demo-only pages are checked like any other, and left out unless `demo`.
 */
export async function readContentTree(
  root: string,
  { demo = false }: SyncOptions = {},
): Promise<{ bundles: TenantBundle[]; checksum: string }> {
  const hash = createHash('sha256').update(demo ? 'demo\n' : 'no-demo\n');
  const record: Recorder = (file, data) => hash.update(path.relative(root, file)).update(data);
  const tenantsDir = path.join(root, 'tenants');
  const folders = (await readdir(tenantsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const bundles: TenantBundle[] = [];
  for (const folder of folders) {
    const dir = path.join(tenantsDir, folder);
    const tenant = await readJson(path.join(dir, 'tenant.json'), tenantFileSchema, record);
    const tenantPages: PageFile[] = [];
    for (const name of (await listFiles(path.join(dir, 'pages'))).filter((file) => file.endsWith('.json'))) {
      tenantPages.push(await readJson(path.join(dir, 'pages', name), pageFileSchema, record));
    }
    const duplicate = tenantPages.find((page, index) =>
      tenantPages.some(
        (other, otherIndex) => otherIndex < index && (other.slug === page.slug || other.key === page.key),
      ),
    );
    if (duplicate)
      throw new ContentFileError(
        path.join(dir, 'pages'),
        `two pages share the slug or key of "${duplicate.key}"`,
      );
    const documents: TenantBundle['documents'] = {};
    const present = new Set(await listFiles(dir));
    for (const kind of Object.keys(contentDocumentSchemas) as ContentDocumentKind[]) {
      if (present.has(`${kind}.json`)) {
        documents[kind] = await readJson(
          path.join(dir, `${kind}.json`),
          contentDocumentSchemas[kind] as z.ZodType<unknown>,
          record,
        );
      }
    }
    checkJourneys(dir, tenantPages, documents.journeys as JourneyDefinition[] | undefined);
    const images = await readImages(path.join(dir, 'images'), record);
    const logoImage = images.find((image) => image.path === tenant.logo?.image);
    if (tenant.logo && !logoImage)
      throw new ContentFileError(path.join(dir, 'tenant.json'), `logo.image: no image ${tenant.logo.image}`);
    const logo = tenant.logo && logoImage && { ...tenant.logo, version: contentImageVersion(logoImage.data) };
    bundles.push({
      tenant: { ...tenant, logo },
      pages: tenantPages.filter((page) => demo || !page.demoOnly),
      documents,
      images,
    });
  }
  return { bundles, checksum: hash.digest('hex') };
}

export interface SyncResult {
  version: number;
  changed: boolean;
  tenants: number;
  pages: number;
}

/** An arbitrary application-wide key for PostgreSQL's advisory lock around content syncs. */
const CONTENT_SYNC_LOCK = 7_341_001;

/**
 * Loads the content tree into the database as one new version, in one transaction: all of it or
 * none of it, so a bad file leaves the previous version serving. An unchanged tree is not reloaded.
 */
export async function syncContent(
  db: Database,
  root: string,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { bundles, checksum } = await readContentTree(root, options);
  const pageCount = bundles.reduce((total, bundle) => total + bundle.pages.length, 0);
  const result = await db.transaction(async (tx) => {
    // Servers starting together on one database take turns, so each version number is used once.
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_SYNC_LOCK})`);
    const [latest] = await tx.select({ version: max(contentVersions.version) }).from(contentVersions);
    const current = latest?.version ?? 0;
    if (current > 0) {
      const [row] = await tx.select().from(contentVersions).where(eq(contentVersions.version, current));
      if (row?.checksum === checksum)
        return { version: current, changed: false, tenants: bundles.length, pages: pageCount };
    }
    const version = current + 1;
    for (const { tenant, pages: tenantPages, documents, images } of bundles) {
      const row = tenantRowOf(tenant);
      await tx.insert(tenants).values(row).onConflictDoUpdate({ target: tenants.tenantUrl, set: row });
      for (const page of tenantPages) {
        const values = {
          key: page.key,
          title: page.title,
          isPublic: page.isPublic,
          blocks: page.blocks,
          visibility: (page.visibility as Record<string, unknown> | undefined) ?? null,
          widget: page.widget ?? null,
          journey: page.journey ?? null,
          version,
          updatedAt: new Date(),
        };
        await tx
          .insert(pages)
          .values({ ...values, slug: page.slug, tenantUrl: tenant.tenantUrl })
          .onConflictDoUpdate({ target: [pages.tenantUrl, pages.slug], set: values });
      }
      const slugs = tenantPages.map((page) => page.slug);
      await tx
        .delete(pages)
        .where(
          slugs.length > 0
            ? and(eq(pages.tenantUrl, tenant.tenantUrl), notInArray(pages.slug, slugs))
            : eq(pages.tenantUrl, tenant.tenantUrl),
        );
      await tx.delete(contentDocuments).where(eq(contentDocuments.tenantUrl, tenant.tenantUrl));
      for (const [kind, body] of Object.entries(documents)) {
        await tx.insert(contentDocuments).values({ tenantUrl: tenant.tenantUrl, kind, body, version });
      }
      const demoOnly = tenantPages.filter((page) => page.demoOnly).map((page) => page.key);
      if (demoOnly.length > 0)
        await tx
          .insert(contentDocuments)
          .values({ tenantUrl: tenant.tenantUrl, kind: DEMO_ONLY_PAGES, body: demoOnly, version });
      await tx.delete(contentImages).where(eq(contentImages.tenantUrl, tenant.tenantUrl));
      for (const image of images) {
        await tx.insert(contentImages).values({
          tenantUrl: tenant.tenantUrl,
          path: image.path,
          mediaType: image.mediaType,
          data: image.data.toString('base64'),
          version,
        });
      }
    }
    await tx.insert(contentVersions).values({
      version,
      checksum,
      summary: { tenants: bundles.length, pages: pageCount },
    });
    return { version, changed: true, tenants: bundles.length, pages: pageCount };
  });
  if (result.changed) clearContentCache(db);
  return result;
}
