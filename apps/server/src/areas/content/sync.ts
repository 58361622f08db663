import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, max, notInArray, sql } from 'drizzle-orm';
import {
  SCAM_WARNING_MESSAGE,
  contentDocumentSchemas,
  type Globals,
  pageFileSchema,
  tenantContentSchema,
  tenantLogoSchema,
  type ContentDocumentKind,
  withOptionAnswers,
  withStrategyAnswers,
  type AnswerSourceStrategy,
  type JourneyDefinition,
  type OptionSourceFund,
  type PageFile,
  type TenantContent,
} from '@meridian/contracts';
import { dcSchemeVersionsOf, utcDay } from '@meridian/pensions';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { contentDocuments, contentImages, contentVersions, pages, tenants } from '../../db/schema';
import { clearContentCache } from './content-cache';
import { contentImageVersion } from './image-version';
import { DEMO_ONLY_PAGES } from './search';
import { tenantRowOf } from '../tenancy/tenant-repository';
import { graphOf, journeyGraphProblems } from '../journeys/graph';

/** A content file the sync refuses: `file` is its path from the content folder's parent (`content/tenants/…`). */
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

/** Reads the content tree: every file is recorded in the checksum and named in errors by `shown`. */
interface TreeReader {
  record: Recorder;
  /** A file's path as errors name it: from the content folder's parent, with forward slashes. */
  shown: (file: string) => string;
}

async function readJson<T>(file: string, schema: z.ZodType<T>, tree: TreeReader): Promise<T> {
  let raw: unknown;
  try {
    const text = await readFile(file, 'utf8');
    tree.record(file, text);
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(tree.shown(file), `not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContentFileError(tree.shown(file), `${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

const listFiles = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();

/** Every `.json` file under a folder and its subfolders, by path, so the order never depends on the disk. */
async function jsonFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return jsonFilesUnder(file);
      return entry.isFile() && entry.name.endsWith('.json') ? [file] : [];
    }),
  );
  return nested.flat().sort();
}

/** A page as read, with the file it came from. */
interface PageSource {
  page: PageFile;
  file: string;
}

/** Reads `pages/**.json`, refusing two pages that share a key or a slug, wherever their files are. */
async function readPages(dir: string, tree: TreeReader): Promise<PageSource[]> {
  const sources: PageSource[] = [];
  for (const file of await jsonFilesUnder(path.join(dir, 'pages'))) {
    const page = await readJson(file, pageFileSchema, tree);
    for (const field of ['key', 'slug'] as const) {
      const earlier = sources.find((source) => source.page[field] === page[field]);
      if (earlier)
        throw new ContentFileError(
          tree.shown(file),
          `${field} "${page[field]}" is already the ${field} of ${tree.shown(earlier.file)}; each page needs its own`,
        );
    }
    sources.push({ page, file });
  }
  return sources;
}

/** Images are checked by their bytes, not their names; only raster types a browser can show safely. */
async function readImages(dir: string, tree: TreeReader): Promise<ContentImage[]> {
  const images: ContentImage[] = [];
  for (const name of await listFiles(dir)) {
    const file = path.join(dir, name);
    const data = await readFile(file);
    tree.record(file, data);
    if (data.length > MAX_IMAGE_BYTES)
      throw new ContentFileError(tree.shown(file), `larger than ${MAX_IMAGE_BYTES} bytes`);
    const type = imageTypes.find((candidate) => candidate.matches(data));
    if (!type) throw new ContentFileError(tree.shown(file), 'not a PNG, JPEG or WebP image');
    images.push({ path: `images/${name}`, mediaType: type.mediaType, data });
  }
  return images;
}

/**
 * Every journey's pages must form a graph from its first page to its summary page, and every page
 * that asks a question or leads on must belong to a journey the tenant defines. A problem is named in
 * the file of the page it starts with (`ra_contact.next: …`), else in journeys.json.
 */
function checkJourneys(
  dir: string,
  sources: PageSource[],
  tree: TreeReader,
  definitions: JourneyDefinition[] = [],
) {
  const file = tree.shown(path.join(dir, 'journeys.json'));
  const tenantPages = sources.map((source) => source.page);
  const types = new Set(definitions.map((definition) => definition.type));
  if (types.size !== definitions.length) throw new ContentFileError(file, 'two journeys share a type');
  const stray = sources.find(
    ({ page }) =>
      page.journey && !types.has(page.journey.type) && (page.journey.question || page.journey.next),
  );
  if (stray)
    throw new ContentFileError(
      tree.shown(stray.file),
      `page "${stray.page.key}" is a step of journey ${stray.page.journey?.type}, which journeys.json does not define`,
    );
  for (const definition of definitions) {
    const [problem] = journeyGraphProblems(graphOf(definition, tenantPages));
    if (problem) {
      const pageKey = /^[^.:]+/.exec(problem)?.[0];
      const page = sources.find(
        (source) => source.page.key === pageKey && source.page.journey?.type === definition.type,
      );
      throw new ContentFileError(page ? tree.shown(page.file) : file, `${definition.type}: ${problem}`);
    }
    if (definition.entryPage && !tenantPages.some((page) => page.key === definition.entryPage))
      throw new ContentFileError(
        file,
        `${definition.type}: entryPage: no page of this tenant has the key "${definition.entryPage}"`,
      );
  }
}

/**
 * A list question whose items choose one of the tenant's funds (`item.option.from: "funds"`) is kept
 * with those funds as its answers, so the server and the browser read the same list; a tenant without
 * funds.json cannot ask one.
 */
function fillOptionAnswers(
  sources: PageSource[],
  tree: TreeReader,
  funds: readonly OptionSourceFund[] | undefined,
) {
  for (const source of sources) {
    const question = source.page.journey?.question;
    if (!question) continue;
    const filled = withOptionAnswers(question, funds);
    if (!filled)
      throw new ContentFileError(
        tree.shown(source.file),
        `${source.page.key}.question.item.option.from: "funds", but this tenant has no funds.json`,
      );
    if (filled !== question)
      source.page = { ...source.page, journey: { ...source.page.journey!, question: filled } };
  }
}

/** The strategies one DC scheme version lists (`MDC (from 2026-01-01)`), in its order. */
export interface SchemeStrategies {
  scheme: string;
  strategies: AnswerSourceStrategy[];
}

/**
 * The one list of strategies a tenant's DC scheme versions agree on, which a radios question with
 * `answersFrom: "strategies"` offers; a problem instead when there is none, or they do not list the same
 * strategies (codes, names and order): one question cannot be right for both.
 */
export function agreedStrategies(
  tenant: { tenantUrl: string; businessGroups: readonly string[] },
  lists: readonly SchemeStrategies[],
): { strategies: AnswerSourceStrategy[] } | { problem: string } {
  const [first] = lists;
  if (!first)
    return {
      problem: `tenant ${tenant.tenantUrl} has no DC scheme (business groups ${tenant.businessGroups.join(', ')}) to take them from`,
    };
  const named = (list: SchemeStrategies) =>
    list.strategies.map((strategy) => `${strategy.code} "${strategy.name}"`).join(', ');
  const other = lists.find((list) => named(list) !== named(first));
  if (other)
    return {
      problem:
        `the DC schemes of tenant ${tenant.tenantUrl} do not list the same strategies: ` +
        `${first.scheme} lists ${named(first)}; ${other.scheme} lists ${named(other)}`,
    };
  return { strategies: first.strategies };
}

/**
 * The lifestyle strategies of the tenant's DC schemes: those whose configuration's business group is one
 * of the tenant's, the version in force today and the newest (as for funds.json), which must agree.
 */
export function tenantStrategies(tenant: { tenantUrl: string; businessGroups: readonly string[] }) {
  const lists = dcSchemeVersionsOf(tenant.businessGroups, utcDay(new Date())).map(({ code, config }) => ({
    scheme: `${code} (from ${config.effectiveFrom})`,
    strategies: config.strategies.map(({ code: strategy, name }) => ({ code: strategy, name })),
  }));
  return agreedStrategies(tenant, lists);
}

/**
 * A radios question whose answers are the scheme's lifestyle strategies (`answersFrom: "strategies"`) is
 * kept with them as its answers (and content's hints), so the server and the browser read the same
 * question and the answer keys are the codes the fund switch maps back (fund-switch-pending's strategyOf).
 */
function fillStrategyAnswers(
  sources: PageSource[],
  tree: TreeReader,
  tenant: { tenantUrl: string; businessGroups: readonly string[] },
) {
  let found: ReturnType<typeof tenantStrategies> | undefined;
  for (const source of sources) {
    const question = source.page.journey?.question;
    if (question?.kind !== 'radios' || !question.answersFrom) continue;
    found ??= tenantStrategies(tenant);
    const filled =
      'problem' in found
        ? { problem: `answersFrom: "strategies", but ${found.problem}` }
        : withStrategyAnswers(question, found.strategies);
    if ('problem' in filled)
      throw new ContentFileError(tree.shown(source.file), `${source.page.key}.question.${filled.problem}`);
    source.page = { ...source.page, journey: { ...source.page.journey!, question: filled.question } };
  }
}

/**
 * The tenant's funds.json names the funds of its DC schemes (those whose configuration's business group is
 * one of the tenant's), no more and no fewer: the scheme configuration alone holds each fund's charge and
 * growth, and content its name, group and factsheet, so a fund in one and not the other would be shown
 * without a charge or priced without a name. The versions in force today and the newest are both counted,
 * so content can name a fund before the version that adds it takes effect.
 */
function checkFunds(
  dir: string,
  tenant: { tenantUrl: string; businessGroups: readonly string[] },
  tree: TreeReader,
  funds: readonly OptionSourceFund[] = [],
) {
  const listed = new Map<string, string>();
  for (const { code, config } of dcSchemeVersionsOf(tenant.businessGroups, utcDay(new Date())))
    for (const fund of config.funds) listed.set(fund.code, code);
  if (listed.size === 0) return;
  const file = tree.shown(path.join(dir, 'funds.json'));
  const schemes = [...new Set(listed.values())].join(', ');
  const unknown = funds.find((fund) => !listed.has(fund.fundCode));
  if (unknown)
    throw new ContentFileError(
      file,
      `fund ${unknown.fundCode}: no DC scheme of tenant ${tenant.tenantUrl} (${schemes}) lists it; ` +
        'name only the funds of its scheme configuration',
    );
  const named = new Set(funds.map((fund) => fund.fundCode));
  const missing = [...listed].find(([code]) => !named.has(code));
  if (missing)
    throw new ContentFileError(
      file,
      `scheme ${missing[1]} lists the fund ${missing[0]}, which this file does not name: ` +
        'add it (its name, group and order), so its members are shown its name',
    );
}

/**
 * Every tenant must have its globals message `scam_warning`: the transfer value page (`/transfer`) is
 * open to any DB member with a guaranteed value, whatever the tenant's menu links, and the page and the
 * transfer pack show the message by key, so without it a member would see no scam warning at all.
 */
function checkScamWarning(
  dir: string,
  tenantUrl: string,
  tree: TreeReader,
  documents: TenantBundle['documents'],
) {
  const globals = documents.globals as Globals | undefined;
  if (globals?.messages?.some((message) => message.key === SCAM_WARNING_MESSAGE)) return;
  throw new ContentFileError(
    tree.shown(path.join(dir, 'globals.json')),
    `tenant ${tenantUrl} has no messages entry with the key "${SCAM_WARNING_MESSAGE}": ` +
      'its members reach the transfer value page and the transfer pack, which show it as the scam warning, so add one',
  );
}

/**
 * Authoring is strict: a misspelt tenant setting fails the sync instead of being dropped. The logo's
 * version is the sync's to set.
 */
const tenantFileSchema = z.strictObject({ ...tenantContentSchema.shape, logo: tenantLogoSchema.optional() });

/** What a sync loads besides the tenants' own content (the demo-only pages, where the demo runs), or one tenant's alone. */
export interface SyncOptions {
  demo?: boolean;
  /** Only the tenant with this host (the console's Load content from files now); every other is left as it is. */
  tenantUrl?: string;
}

/**
 * Whether a tenant folder is left out of a sync of one tenant: its tenant.json names another host. A
 * tenant.json that cannot be read may be the one asked for, so it is read on and its problem stops the load.
 */
async function otherTenant(tenantFile: string, tenantUrl: string | undefined) {
  if (tenantUrl === undefined) return false;
  try {
    const named = (JSON.parse(await readFile(tenantFile, 'utf8')) as { tenantUrl?: unknown }).tenantUrl;
    return typeof named === 'string' && named !== tenantUrl;
  } catch {
    return false;
  }
}

/**
 * Reads and validates every tenant folder (pages from `pages/` and its subfolders); throws on the first
 * bad file, naming file, path and reason. Demo-only pages are checked like any other, and left out
 * unless `demo`.
 */
export async function readContentTree(
  root: string,
  { demo = false, tenantUrl }: SyncOptions = {},
): Promise<{ bundles: TenantBundle[]; checksum: string }> {
  // One tenant's tree never has the checksum of the whole tree, so neither is taken for the other.
  const hash = createHash('sha256')
    .update(demo ? 'demo\n' : 'no-demo\n')
    .update(tenantUrl === undefined ? '' : `tenant ${tenantUrl}\n`);
  const tree: TreeReader = {
    record: (file, data) => hash.update(path.relative(root, file)).update(data),
    shown: (file) => path.relative(path.dirname(root), file).split(path.sep).join('/'),
  };
  const tenantsDir = path.join(root, 'tenants');
  const folders = (await readdir(tenantsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const bundles: TenantBundle[] = [];
  for (const folder of folders) {
    const dir = path.join(tenantsDir, folder);
    const tenantFile = path.join(dir, 'tenant.json');
    if (await otherTenant(tenantFile, tenantUrl)) continue;
    const tenant = await readJson(tenantFile, tenantFileSchema, tree);
    const sources = await readPages(dir, tree);
    const documents: TenantBundle['documents'] = {};
    const present = new Set(await listFiles(dir));
    for (const kind of Object.keys(contentDocumentSchemas) as ContentDocumentKind[]) {
      if (present.has(`${kind}.json`)) {
        documents[kind] = await readJson(
          path.join(dir, `${kind}.json`),
          contentDocumentSchemas[kind] as z.ZodType<unknown>,
          tree,
        );
      }
    }
    fillOptionAnswers(sources, tree, documents.funds as OptionSourceFund[] | undefined);
    fillStrategyAnswers(sources, tree, tenant);
    checkFunds(dir, tenant, tree, documents.funds as OptionSourceFund[] | undefined);
    checkJourneys(dir, sources, tree, documents.journeys as JourneyDefinition[] | undefined);
    checkScamWarning(dir, tenant.tenantUrl, tree, documents);
    const images = await readImages(path.join(dir, 'images'), tree);
    const logoImage = images.find((image) => image.path === tenant.logo?.image);
    if (tenant.logo && !logoImage)
      throw new ContentFileError(tree.shown(tenantFile), `logo.image: no image ${tenant.logo.image}`);
    const logo = tenant.logo && logoImage && { ...tenant.logo, version: contentImageVersion(logoImage.data) };
    bundles.push({
      tenant: { ...tenant, logo },
      pages: sources.map((source) => source.page).filter((page) => demo || !page.demoOnly),
      documents,
      images,
    });
  }
  if (tenantUrl !== undefined && bundles.length === 0)
    throw new ContentFileError(tree.shown(tenantsDir), `no tenant folder has the host ${tenantUrl}`);
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
 * With `tenantUrl`, only that tenant's folder is read and loaded; the others keep what they have.
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
