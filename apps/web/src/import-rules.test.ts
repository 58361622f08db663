// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout's lint rules, run through ESLint's API with the repository's own config on files that
 * break them on purpose (the __lint-fixtures__ folders, which `npm run lint` ignores).
 */
const repository = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: repository, overrideConfigFile: 'eslint.config.js', ignore: false });

async function problemsIn(file: string, root = 'apps/web/src') {
  const [result] = await eslint.lintFiles([`${root}/${file}`]);
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

// The first lint builds the config's resolvers and parsers: seconds on a quiet machine, past the web
// project's 30 s beside the browser suites on two cores. Each test still catches a hang.
describe('the import rules', { timeout: 120_000 }, () => {
  it("refuse a feature importing another feature's internals, past its index.ts", async () => {
    expect(await problemsIn('features/retirement/__lint-fixtures__/reaches-into-journeys.ts')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A feature imports another feature only through its index.ts'),
      },
    ]);
  });

  it("refuse the journey engine importing a journey's feature, even through its index.ts", async () => {
    expect(await problemsIn('features/journeys/__lint-fixtures__/imports-bereavement.ts')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('The journey engine knows no journey'),
      },
    ]);
  });

  it('refuse the journey engine importing any feature it does not allow, one no list names included', async () => {
    expect(await problemsIn('features/journeys/__lint-fixtures__/imports-a-new-feature.ts')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('The journey engine knows no journey'),
      },
    ]);
  });

  it('refuse shared code importing a feature, even through its index.ts', async () => {
    expect(await problemsIn('components/__lint-fixtures__/imports-a-feature.ts')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('Shared code (components/, lib/) must not import a feature'),
      },
    ]);
  });

  it('refuse lib/ importing components/', async () => {
    expect(await problemsIn('lib/__lint-fixtures__/imports-a-component.ts')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('lib/ is below components/'),
      },
    ]);
  });

  it('refuse an import circle', async () => {
    expect(await problemsIn('features/retirement/__lint-fixtures__/cycle-start.ts')).toEqual([
      { ruleId: 'import-x/no-cycle', message: 'Dependency cycle detected' },
    ]);
  });

  it("refuse the server's lib/ importing an area", async () => {
    expect(await problemsIn('lib/__lint-fixtures__/imports-an-area.ts', 'apps/server/src')).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('lib/ and db/ must not import an area or a plugin'),
      },
    ]);
  });

  it("refuse the server's journey engine importing a journey's area, and any area it does not allow", async () => {
    const refused = {
      ruleId: 'import-x/no-restricted-paths',
      message: expect.stringContaining('The journey engine knows no journey'),
    };
    expect(
      await problemsIn('areas/journeys/__lint-fixtures__/imports-journey-areas.ts', 'apps/server/src'),
    ).toEqual([refused, refused]);
  });

  it('refuse an area other than bereavement reading any table of the bereavement schema', async () => {
    const refused = {
      ruleId: 'no-restricted-imports',
      message: expect.stringContaining('Only areas/bereavement and the console matching step'),
    };
    // The journeys from the schema's index; the schema's own module, and the email failures from it.
    expect(
      await problemsIn('areas/cases/__lint-fixtures__/reads-a-death-report.ts', 'apps/server/src'),
    ).toEqual([refused, refused, refused]);
  });

  it("allow a feature importing another feature's index.ts", async () => {
    expect(await problemsIn('features/retirement/RetirementQuotePicker.tsx')).toEqual([]);
  });
});
