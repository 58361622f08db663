import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentFileError, readContentTree } from '../../src/areas/content/sync';
import { contentRoot } from '../../src/prepare';

let root: string;
/** A file of the copied tree, by its path under tenants/. */
const inTenants = (file: string) => path.join(root, 'tenants', file);
/** A file as the sync's errors name it: from the content folder's parent. */
const shown = (file: string) => `${path.basename(root)}/tenants/${file}`;

const page = (key: string, slug: string, title = key) => ({
  slug,
  key,
  title,
  isPublic: true,
  blocks: [{ type: 'richText', html: `<p>${title}</p>` }],
});

async function writePage(file: string, body: unknown) {
  await mkdir(path.dirname(inTenants(file)), { recursive: true });
  await writeFile(inTenants(file), JSON.stringify(body));
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the sync accepted the tree'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ContentFileError);
      return error as ContentFileError;
    },
  );

const pagesOf = async (tenantUrl: string) =>
  (await readContentTree(root)).bundles.find((bundle) => bundle.tenant.tenantUrl === tenantUrl)!.pages;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-tree-'));
  await cp(contentRoot, root, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('content pages in subfolders', () => {
  it('reads pages from every subfolder of pages/, in the order of their paths', async () => {
    await writePage('bluewater/pages/journey-b/second.json', page('journey_b_step', '/journey-b/step'));
    await writePage('bluewater/pages/journey-a/deeper/first.json', page('journey_a_step', '/journey-a/step'));
    const keys = (await pagesOf('bluewater.localhost')).map((found) => found.key);
    expect(keys).toContain('journey_a_step');
    expect(keys.indexOf('journey_a_step')).toBeLessThan(keys.indexOf('journey_b_step'));
    expect(keys).toEqual((await pagesOf('bluewater.localhost')).map((found) => found.key));
  });

  it('leaves files that are not JSON alone', async () => {
    await writePage('bluewater/pages/notes/README.md', 'not a page');
    await expect(readContentTree(root)).resolves.toBeDefined();
  });

  it('names an invalid page in a subfolder by its path', async () => {
    await writePage('bluewater/pages/journey-a/broken.json', { ...page('broken', 'no-slash') });
    const failure = await failureOf(readContentTree(root));
    expect(failure.file).toBe(shown('bluewater/pages/journey-a/broken.json'));
    expect(failure.message).toBe(
      `${shown('bluewater/pages/journey-a/broken.json')}: slug: a path such as /my-pension`,
    );
  });

  it('refuses two pages with one key, or one slug, in different folders, naming both files', async () => {
    await writePage('bluewater/pages/journey-a/help.json', page('help', '/journey-a/help'));
    const key = await failureOf(readContentTree(root));
    expect(key.message).toBe(
      `${shown('bluewater/pages/journey-a/help.json')}: key "help" is already the key of ${shown('bluewater/pages/help.json')}; each page needs its own`,
    );
    await writePage('bluewater/pages/journey-a/help.json', page('journey_help', '/help'));
    const slug = await failureOf(readContentTree(root));
    expect(slug.message).toBe(
      `${shown('bluewater/pages/journey-a/help.json')}: slug "/help" is already the slug of ${shown('bluewater/pages/help.json')}; each page needs its own`,
    );
  });

  it("names a journey step's problem in that step's file, wherever it is", async () => {
    const folder = 'meridian/pages/retirement-application';
    const moved = 'meridian/pages/elsewhere/ra-contact.json';
    await mkdir(path.dirname(inTenants(moved)), { recursive: true });
    await rename(inTenants(`${folder}/ra-contact.json`), inTenants(moved));
    const contact = JSON.parse(await readFile(inTenants(moved), 'utf8'));
    await writeFile(
      inTenants(moved),
      JSON.stringify({ ...contact, journey: { ...contact.journey, next: 'ra_nowhere' } }),
    );
    const failure = await failureOf(readContentTree(root));
    expect(failure.file).toBe(shown(moved));
    expect(failure.reason).toBe(
      'dbcoreretirementapplication: ra_contact.next: "ra_nowhere" is not a page of journey dbcoreretirementapplication',
    );
  });

  it('names a step of a journey the tenant does not define in its own file', async () => {
    const step = {
      ...page('stray_step', '/stray'),
      journey: { type: 'nosuchjourney', stage: 'one', next: 'stray_step' },
    };
    await writePage('bluewater/pages/stray/step.json', step);
    const failure = await failureOf(readContentTree(root));
    expect(failure.file).toBe(shown('bluewater/pages/stray/step.json'));
    expect(failure.reason).toMatch(/page "stray_step" is a step of journey nosuchjourney/);
  });
});
