import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { validateImport } from '../../src/areas/my-details/member-import';
import { readImportFile, type ImportFormat } from '../../src/areas/my-details/member-import-file';
import { importMembers } from '../../src/areas/my-details/member-import-store';
import { openDatabase } from '../../src/db/client';
import { auditEvents, memberBankAccounts, members, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
const samplePath = (format: ImportFormat) =>
  fileURLToPath(new URL(`../../../../docs/examples/members-import.${format}`, import.meta.url));
const sampleRecords = () =>
  JSON.parse(readFileSync(samplePath('json'), 'utf8')) as Array<Record<string, unknown>>;
const sampleReferences = ['2000101', '2000102', '2000103'];

async function runImport(text: string, format: ImportFormat, options: { dryRun?: boolean } = {}) {
  const checked = validateImport(readImportFile(text, format), 'MER', format);
  if (!checked.ok) return checked;
  return importMembers(ctx.database.db, {
    businessGroup: 'MER',
    members: checked.members,
    source: `test.${format}`,
    ...options,
  });
}

const importedMembers = () =>
  ctx.database.db
    .select()
    .from(members)
    .where(and(eq(members.businessGroup, 'MER'), inArray(members.referenceNumber, sampleReferences)))
    .orderBy(members.referenceNumber);

const accountsOf = (referenceNumber: string) =>
  ctx.database.db
    .select()
    .from(memberBankAccounts)
    .where(eq(memberBankAccounts.referenceNumber, referenceNumber))
    .orderBy(memberBankAccounts.createdAt);

async function memberCount() {
  const [row] = await ctx.database.db.select({ value: count() }).from(members);
  return row!.value;
}

describe('npm run members:import, against the database', () => {
  it('refuses a file with one bad row and writes nothing, not even its good rows', async () => {
    const before = await memberCount();
    const records = sampleRecords();
    records[2] = { ...records[2], surname: '<img src=x onerror=alert(1)>' };
    const result = await runImport(JSON.stringify(records), 'json');
    expect(result).toMatchObject({
      ok: false,
      problems: [{ row: 3, referenceNumber: '2000103', field: 'surname' }],
    });
    expect(await memberCount()).toBe(before);
    expect(await importedMembers()).toEqual([]);
  });

  it('a dry run reports what would change and rolls every write back', async () => {
    const result = await runImport(readFileSync(samplePath('json'), 'utf8'), 'json', { dryRun: true });
    expect(result).toEqual({ ok: true, created: 3, updated: 0, unchanged: 0, bankAccountsChanged: 2 });
    expect(await importedMembers()).toEqual([]);
    expect(await accountsOf('2000101')).toEqual([]);
  });

  it('loads the members with their contacts, address and bank account, and audits each', async () => {
    const result = await runImport(readFileSync(samplePath('json'), 'utf8'), 'json');
    expect(result).toEqual({ ok: true, created: 3, updated: 0, unchanged: 0, bankAccountsChanged: 2 });
    const [susan, tomasz, aoife] = await importedMembers();
    expect(susan).toMatchObject({
      schemeCode: 'MDB',
      status: 'Deferred',
      surname: 'Clarke',
      insuranceNumber: 'QQ120101A',
      email: 'susan.clarke@example.org',
      mobilePhone: '+447825200101',
      address: {
        lines: ['12 Mill Lane', 'Headingley'],
        town: 'Leeds',
        postcode: 'LS6 2AB',
        countryCode: 'GB',
      },
      notificationSettings: { email: true, sms: true, post: false },
    });
    // Tomasz's row gives no settings: a new member is written to by post until they choose otherwise.
    expect(tomasz).toMatchObject({
      schemeCode: 'MDC',
      notificationSettings: { email: false, sms: false, post: true },
    });
    expect(aoife!.notificationSettings).toEqual({ email: false, sms: false, post: true });
    expect(await accountsOf('2000101')).toMatchObject([{ kind: 'uk', sortCode: '089999', replacedAt: null }]);
    expect(await accountsOf('2000103')).toMatchObject([
      { kind: 'iban', iban: 'IE29AIBK93115212345678', currency: 'EUR' },
    ]);
    const audited = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.import'), eq(auditEvents.referenceNumber, '2000101')));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toMatchObject({
      change: 'created',
      bankAccount: { old: null, new: { kind: 'uk', sortCode: '•••• 9999', accountNumber: '•••• 4958' } },
    });
    expect(JSON.stringify(audited[0]!.details)).not.toContain('66374958');
  });

  it('re-running updates rather than duplicates: the same members from CSV change nothing', async () => {
    const before = await memberCount();
    const again = await runImport(readFileSync(samplePath('csv'), 'utf8'), 'csv');
    expect(again).toEqual({ ok: true, created: 0, updated: 0, unchanged: 2, bankAccountsChanged: 0 });
    expect(await memberCount()).toBe(before);
    expect(await accountsOf('2000101')).toHaveLength(1);
  });

  it('a changed row updates the member and replaces the bank account, keeping the old one as history', async () => {
    const records = sampleRecords();
    const susan = {
      ...records[0],
      address: { lines: ['3 New Road'], town: 'York', postcode: 'YO1 7HH', countryCode: 'GB' },
      bank: { accountName: 'Susan Clarke', sortCode: '107999', accountNumber: '88837491' },
    };
    const result = await runImport(JSON.stringify([susan, records[1]]), 'json');
    expect(result).toEqual({ ok: true, created: 0, updated: 1, unchanged: 1, bankAccountsChanged: 1 });
    const [saved] = await importedMembers();
    expect(saved!.address).toEqual({
      lines: ['3 New Road'],
      town: 'York',
      postcode: 'YO1 7HH',
      countryCode: 'GB',
    });
    const accounts = await accountsOf('2000101');
    expect(accounts.map((account) => [account.sortCode, account.replacedAt === null])).toEqual([
      ['089999', false],
      ['107999', true],
    ]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.import'), eq(auditEvents.referenceNumber, '2000101')))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit!.details).toMatchObject({ change: 'updated', fields: ['address'] });
  });

  it('an imported member registers, signs in and sees the imported details through the My details API', async () => {
    const agent = new BrowserAgent(ctx.app);
    const started = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/start',
      payload: { referenceNumber: '2000102', dateOfBirth: '1985-11-02', insuranceNumber: 'QQ 12 01 02 B' },
    });
    expect(started.statusCode).toBe(201);
    const [message] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'tomasz.nowak@example.org'));
    const confirmed = await agent.request({
      method: 'POST',
      url: '/authentication-api/api/registration/confirm',
      payload: {
        registrationId: started.json().registrationId,
        code: /\b(\d{6})\b/.exec(message!.body)![1],
        username: 'tomasz.nowak',
        password: 'imported member 2026',
      },
    });
    expect(confirmed.statusCode).toBe(201);
    expect((await agent.signIn('tomasz.nowak', 'imported member 2026')).statusCode).toBe(200);

    const api = '/mdp-api/api/members/current';
    const summary = (await agent.request({ url: `${api}/membership-summary` })).json();
    expect(summary).toMatchObject({
      referenceNumber: '2000102',
      schemeType: 'DC',
      status: 'Active',
      payrollNumber: 'P44102',
    });
    expect((await agent.request({ url: `${api}/contacts/email` })).json()).toEqual({
      email: 'tomasz.nowak@example.org',
    });
    expect((await agent.request({ url: `${api}/contacts/address` })).json()).toMatchObject({
      lines: ['Flat 3', '4 Harbour View'],
      postcode: 'BS1 5TR',
    });
    expect((await agent.request({ url: '/mdp-api/api/v2/bank-accounts/current' })).statusCode).toBe(404);
  });
});

const exec = promisify(execFile);
const cli = fileURLToPath(new URL('../../src/areas/my-details/member-import-cli.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The command an operator runs, on a database of its own of the kind this project tests. */
async function withOwnDatabase(use: (env: Record<string, string>) => Promise<void>) {
  if (process.env.TEST_DATABASE_KIND === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `meridian_import_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await use({ DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-import-'));
    try {
      await use({ PGLITE_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function runCli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: root,
      env: { ...inherited, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the members:import command', () => {
  it('imports a file into the configured database, and refuses a bad file naming row and field', async () => {
    await withOwnDatabase(async (env) => {
      const badFile = join(mkdtempSync(join(tmpdir(), 'meridian-import-file-')), 'members.csv');
      writeFileSync(badFile, 'referenceNumber,schemeCode\n2000101,MDB\n');
      const refused = await runCli(['--business-group', 'MER', badFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Row 2 (2000101): surname: Missing: every member needs this field');
      expect(refused.stderr).toContain('Nothing was imported.');
      rmSync(badFile, { force: true });

      const imported = await runCli(['--business-group', 'MER', samplePath('json')], env);
      expect(imported.stdout).toContain('Imported 3 member(s) into MER: 3 created, 0 updated, 0 unchanged');
      const again = await runCli(['--business-group', 'MER', '--dry-run', samplePath('csv')], env);
      expect(again.stdout).toContain(
        'Dry run, nothing written: 2 member(s) for MER would be 0 created, 0 updated, 2 unchanged',
      );

      const database = await openDatabase(
        env.DATABASE_URL
          ? { kind: 'postgres', url: env.DATABASE_URL }
          : { kind: 'pglite', dataDir: env.PGLITE_DIR },
      );
      try {
        const [held] = await database.db.select({ value: count() }).from(members);
        const current = await database.db
          .select()
          .from(memberBankAccounts)
          .where(isNull(memberBankAccounts.replacedAt));
        expect([held!.value, current.length]).toEqual([3, 2]);
      } finally {
        await database.close();
      }
    });
  }, 240_000);

  it('explains its usage when the business group or the file is missing', async () => {
    const usage = await runCli([samplePath('json')], {});
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run members:import -- --business-group <code>');
  });
});
