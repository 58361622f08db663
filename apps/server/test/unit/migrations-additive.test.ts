import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';

/**
 * `npm run db:migrate` runs while the previous release still serves (docs/deploy.md), so a migration
 * only adds. A statement that would break the running release (a drop, a rename, a type change, a
 * column made required) belongs to a later release's contract step and says so on the line above it:
 * `-- contract: <why the running release no longer needs it>`. Checked from migration 37 on; the
 * earlier ones were written before releases overlapped.
 */
const FIRST_CHECKED = 37;

const breaking: [RegExp, string][] = [
  [/\bdrop\s+(table|schema|type|view)\b/i, 'drops what the running release may read'],
  [/\bdrop\s+column\b/i, 'drops a column the running release may read or write'],
  [/\brename\b/i, 'renames what the running release names'],
  [/\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i, 'changes a column type under the running release'],
  [/\bset\s+not\s+null\b/i, 'makes a column required that the running release may leave empty'],
  [/\btruncate\b/i, 'empties a table'],
];

/** A column added as NOT NULL without a default: the running release's inserts do not fill it. */
const requiredWithoutDefault = (statement: string) =>
  /\badd\s+column\b/i.test(statement) && /\bnot\s+null\b/i.test(statement) && !/\bdefault\b/i.test(statement);

function journal(): { idx: number; tag: string }[] {
  return (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    }
  ).entries;
}

/** Each problem as `<tag>: <statement start>: <reason>`, for statements not marked as a contract step. */
function breakingStatements(tag: string, sql: string): string[] {
  const problems: string[] = [];
  for (const statement of sql.split('--> statement-breakpoint')) {
    const lines = statement.trim().split('\n');
    if (lines.some((line) => /^--\s*contract:\s*\S/.test(line.trim()))) continue;
    const code = lines.filter((line) => !line.trim().startsWith('--')).join('\n');
    const reasons = breaking.filter(([pattern]) => pattern.test(code)).map(([, reason]) => reason);
    if (requiredWithoutDefault(code))
      reasons.push('adds a required column the running release does not fill');
    for (const reason of reasons) problems.push(`${tag}: ${code.trim().slice(0, 80)}: ${reason}`);
  }
  return problems;
}

describe('migrations stay additive', () => {
  it('adds only, from migration 37 on, unless a statement is marked as a contract step', () => {
    const problems = journal()
      .filter((entry) => entry.idx >= FIRST_CHECKED)
      .flatMap((entry) =>
        breakingStatements(entry.tag, readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8')),
      );
    expect(problems).toEqual([]);
  });

  it('finds what would break the running release, and lets a marked contract step through', () => {
    expect(breakingStatements('t', 'ALTER TABLE "portal"."a" ADD COLUMN "b" text;')).toEqual([]);
    expect(
      breakingStatements('t', 'ALTER TABLE "portal"."a" ADD COLUMN "b" text DEFAULT \'x\' NOT NULL;'),
    ).toEqual([]);
    expect(breakingStatements('t', 'ALTER TABLE "portal"."a" ALTER COLUMN "b" DROP NOT NULL;')).toEqual([]);
    expect(breakingStatements('t', 'CREATE INDEX "a_b" ON "portal"."a" USING btree ("b");')).toEqual([]);
    for (const statement of [
      'DROP TABLE "portal"."a";',
      'ALTER TABLE "portal"."a" DROP COLUMN "b";',
      'ALTER TABLE "portal"."a" RENAME COLUMN "b" TO "c";',
      'ALTER TABLE "portal"."a" ALTER COLUMN "b" SET DATA TYPE integer;',
      'ALTER TABLE "portal"."a" ALTER COLUMN "b" SET NOT NULL;',
      'ALTER TABLE "portal"."a" ADD COLUMN "b" text NOT NULL;',
    ])
      expect(breakingStatements('t', statement)).toHaveLength(1);
    expect(
      breakingStatements(
        't',
        '-- contract: release 12 stopped reading b\nALTER TABLE "portal"."a" DROP COLUMN "b";',
      ),
    ).toEqual([]);
  });
});
