import { readFileSync } from 'node:fs';
import { isoDate } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import {
  describeProblem,
  validateImport,
  type ImportProblem,
  type ImportValidation,
} from '../../src/areas/my-details/member-import';
import {
  formatOf,
  ImportFileError,
  parseCsv,
  readImportFile,
  type ImportRow,
} from '../../src/areas/my-details/member-import-file';

const sample = (format: 'csv' | 'json') =>
  readImportFile(
    readFileSync(new URL(`../../../../docs/examples/members-import.${format}`, import.meta.url), 'utf8'),
    format,
  );

const susan = () => structuredClone(sample('json')[0]!.record) as Record<string, unknown>;
const tomasz = () => structuredClone(sample('json')[1]!.record) as Record<string, unknown>;

function problemsOf(result: ImportValidation): Array<Omit<ImportProblem, 'message'>> {
  if (result.ok) throw new Error('expected the file to fail');
  return result.problems.map(({ row, referenceNumber, field }) => ({ row, referenceNumber, field }));
}

const rowsOf = (...records: unknown[]): ImportRow[] =>
  records.map((record, index) => ({ row: index + 1, record }));

describe('CSV reading', () => {
  it('reads quoted fields with commas, doubled quotes and new lines, CRLF endings and a byte-order mark', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nplain,,last\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['plain', '', 'last'],
    ]);
  });

  it('refuses a quote left open, a quote inside a bare field and text after a closing quote', () => {
    expect(() => parseCsv('a,b\n"open,b\n')).toThrow(/not closed/);
    expect(() => parseCsv('a,b\nx"y,b\n')).toThrow(/line 2: a quote inside an unquoted field/);
    expect(() => parseCsv('a,b\n"x"y,b\n')).toThrow(/line 2: a closing quote must end the field/);
  });

  it('builds nested records from dotted columns, numbering arrays from 1 and rows as a spreadsheet does', () => {
    const text = [
      'referenceNumber,address.lines.1,address.lines.2,benefits.tranches.1.code,benefits.tranches.1.annualPensionPence,benefits.note,notifications.email,notifications.sms',
      '1234,1 High St,,PRE09,705000,0042x,yes,No',
      ',,,,,,,',
      '5678,"2 Low St, Rear",Upper,POST09,12.5,,TRUE,false',
    ].join('\n');
    expect(readImportFile(text, 'csv')).toEqual([
      {
        row: 2,
        record: {
          referenceNumber: '1234',
          address: { lines: ['1 High St'] },
          benefits: { tranches: [{ code: 'PRE09', annualPensionPence: 705000 }], note: '0042x' },
          notifications: { email: true, sms: false },
        },
      },
      {
        row: 4,
        record: {
          referenceNumber: '5678',
          address: { lines: ['2 Low St, Rear', 'Upper'] },
          benefits: { tranches: [{ code: 'POST09', annualPensionPence: 12.5 }] },
          notifications: { email: true, sms: false },
        },
      },
    ]);
  });

  it('refuses a header it cannot place and a row of the wrong width', () => {
    expect(() => readImportFile('referenceNumber,address town\n1\n', 'csv')).toThrow(
      /column 2: "address town"/,
    );
    expect(() => readImportFile('address,address.town\nx,y\n', 'csv')).toThrow(/columns 1 and 2/);
    expect(() => readImportFile('address.lines.0\nx\n', 'csv')).toThrow(ImportFileError);
    expect(() => readImportFile('a,b\n1,2\n3\n', 'csv')).toThrow(/row 3: 1 cells where the header has 2/);
    expect(() => readImportFile('', 'csv')).toThrow(/empty/);
  });

  it('reads JSON as an array of members numbered from 1, and knows a format by its extension', () => {
    expect(readImportFile('[{"a":1},{"b":2}]', 'json').map((row) => row.row)).toEqual([1, 2]);
    expect(() => readImportFile('{"members":[]}', 'json')).toThrow(/must hold an array/);
    expect(() => readImportFile('[{', 'json')).toThrow(/not valid JSON/);
    expect([formatOf('a.CSV'), formatOf('b.json'), formatOf('c.xlsx'), formatOf('csv')]).toEqual([
      'csv',
      'json',
      null,
      null,
    ]);
  });
});

describe('member import validation', () => {
  it('accepts the sample files, and reads the same members from CSV as from JSON', () => {
    const json = validateImport(sample('json'), 'MER', 'json');
    const csv = validateImport(sample('csv'), 'MER', 'csv');
    if (!json.ok || !csv.ok) throw new Error('the samples must be valid');
    expect(json.members.map((member) => member.referenceNumber)).toEqual(['2000101', '2000102', '2000103']);
    expect(csv.members.map((member) => member.values)).toEqual(
      json.members.slice(0, 2).map((member) => member.values),
    );
    expect(csv.members.map((member) => member.bank)).toEqual(
      json.members.slice(0, 2).map((member) => member.bank),
    );
    const [first] = json.members;
    expect(first!.values).toMatchObject({
      insuranceNumber: 'QQ120101A',
      mobilePhone: '+447825200101',
      address: {
        lines: ['12 Mill Lane', 'Headingley'],
        town: 'Leeds',
        postcode: 'LS6 2AB',
        countryCode: 'GB',
      },
      notificationSettings: { email: true, sms: true, post: false },
    });
    expect(first!.bank).toEqual({
      kind: 'uk',
      accountName: 'Mrs S Clarke',
      sortCode: '089999',
      accountNumber: '66374958',
    });
    expect(json.members[2]!.bank).toMatchObject({
      kind: 'iban',
      iban: 'IE29AIBK93115212345678',
      currency: 'EUR',
    });
    expect(first!.scheme).toEqual({ code: 'MDB', name: expect.any(String), type: 'DB' });
  });

  it('leaves out what a row does not give, so an update keeps what the member holds', () => {
    const {
      mobile: _mobile,
      address: _address,
      notifications: _notifications,
      email: _email,
      ...bare
    } = susan();
    const result = validateImport(rowsOf(bare), 'MER', 'json');
    if (!result.ok) throw new Error(result.problems.map(describeProblem).join('\n'));
    expect(Object.keys(result.members[0]!.values)).not.toEqual(
      expect.arrayContaining(['mobilePhone', 'address', 'notificationSettings', 'email']),
    );
  });

  it('refuses a date of birth after the day of the import, against its row and field', () => {
    const today = isoDate('2026-11-28');
    const bornAfter = (dateOfBirth: string) => {
      const result = validateImport(rowsOf(tomasz(), { ...susan(), dateOfBirth }), 'MER', 'json', today);
      return result.ok ? [] : result.problems.filter((problem) => problem.field === 'dateOfBirth');
    };
    expect(bornAfter('2090-01-01')).toEqual([
      {
        row: 2,
        referenceNumber: susan().referenceNumber,
        field: 'dateOfBirth',
        message: 'Must not be after the day of the import (28 Nov 2026)',
      },
    ]);
    expect(bornAfter('2026-11-29')).toHaveLength(1);
    // born on the day of the import is not after it
    expect(bornAfter('2026-11-28')).toEqual([]);
  });

  it('reports every problem of every row with its row, reference and field', () => {
    const html = { ...susan(), forenames: '<script>alert(1)</script>' };
    const postcode = {
      ...susan(),
      referenceNumber: '2000201',
      address: { lines: ['1 A St'], town: 'Leeds', postcode: 'NOT A CODE', countryCode: 'GB' },
    };
    const modulus = {
      ...susan(),
      referenceNumber: '2000202',
      bank: { accountName: 'S Clarke', sortCode: '089999', accountNumber: '66374959' },
    };
    const holder = {
      ...susan(),
      referenceNumber: '2000203',
      bank: { accountName: 'J Smith', sortCode: '089999', accountNumber: '66374958' },
    };
    const iban = {
      ...susan(),
      referenceNumber: '2000204',
      bank: {
        accountName: 'S Clarke',
        iban: 'DE89370400440532013001',
        bic: 'COBADEFFXXX',
        bankCountryCode: 'DE',
        currency: 'EUR',
      },
    };
    const currency = {
      ...susan(),
      referenceNumber: '2000205',
      bank: {
        accountName: 'S Clarke',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankCountryCode: 'DE',
        currency: 'GBP',
      },
    };
    const scheme = { ...susan(), referenceNumber: '2000206', schemeCode: 'BDB' };
    const tranche = {
      ...susan(),
      referenceNumber: '2000207',
      benefits: { tranches: [{ code: 'PRE88', annualPensionPence: 100 }] },
    };
    const unknown = {
      ...susan(),
      referenceNumber: '2000208',
      nickname: 'Sue',
      address: { ...(susan().address as object), flat: '2' },
      bank: { accountName: 'S Clarke', sortCode: '089999', accountNumber: '66374958', branch: 'x' },
    };
    const overlong = {
      ...susan(),
      referenceNumber: '2000209',
      surname: 'C'.repeat(61),
      email: 'not-an-email',
    };
    const deferred = {
      ...susan(),
      referenceNumber: '2000210',
      dateLeftScheme: undefined,
      dateJoinedScheme: '1960-01-01',
    };
    const control = { ...tomasz(), category: 'GEN\u0000', mobile: { number: '0123' } };
    const strategy = {
      ...tomasz(),
      referenceNumber: '2000211',
      benefits: { potPence: -5, investment: { strategy: 'NOPE' } },
    };
    const funds = {
      ...tomasz(),
      referenceNumber: '2000212',
      benefits: { potPence: 5, investment: { funds: [{ code: 'GOLD', valuePence: 5 }] } },
    };
    const duplicate = susan();
    const result = validateImport(
      rowsOf(
        html,
        postcode,
        modulus,
        holder,
        iban,
        currency,
        scheme,
        tranche,
        unknown,
        overlong,
        deferred,
        control,
        strategy,
        funds,
        duplicate,
        'text',
      ),
      'MER',
      'json',
    );
    expect(problemsOf(result)).toEqual([
      { row: 1, referenceNumber: '2000101', field: 'forenames' },
      { row: 2, referenceNumber: '2000201', field: 'address.postcode' },
      { row: 3, referenceNumber: '2000202', field: 'bank.accountNumber' },
      { row: 4, referenceNumber: '2000203', field: 'bank.accountName' },
      { row: 5, referenceNumber: '2000204', field: 'bank.iban' },
      { row: 6, referenceNumber: '2000205', field: 'bank.currency' },
      { row: 7, referenceNumber: '2000206', field: 'schemeCode' },
      { row: 8, referenceNumber: '2000207', field: 'benefits.tranches[0].code' },
      { row: 9, referenceNumber: '2000208', field: 'address.flat' },
      { row: 9, referenceNumber: '2000208', field: 'bank.branch' },
      { row: 9, referenceNumber: '2000208', field: 'nickname' },
      { row: 10, referenceNumber: '2000209', field: 'surname' },
      { row: 10, referenceNumber: '2000209', field: 'email' },
      { row: 11, referenceNumber: '2000210', field: 'dateJoinedScheme' },
      { row: 11, referenceNumber: '2000210', field: 'dateLeftScheme' },
      { row: 12, referenceNumber: '2000102', field: 'category' },
      { row: 12, referenceNumber: '2000102', field: 'mobile.number' },
      { row: 13, referenceNumber: '2000211', field: 'benefits.potPence' },
      { row: 14, referenceNumber: '2000212', field: 'benefits.investment.funds[0].code' },
      { row: 15, referenceNumber: '2000101', field: 'referenceNumber' },
      { row: 16, referenceNumber: null, field: null },
    ]);
    expect(describeProblem((result as { problems: ImportProblem[] }).problems[6]!)).toBe(
      'Row 7 (2000206): schemeCode: Not a scheme of this business group (its schemes: MDB, MDC)',
    );
  });

  it('refuses fund holdings that do not add up to the pot or name a fund the scheme does not have', () => {
    const holding = { units: 100, unitPricePence: 187.455, pricedOn: '2026-11-27' };
    const short = {
      ...tomasz(),
      benefits: { potPence: 18_747, holdings: [{ code: 'GLOBAL_EQUITY', ...holding }] },
    };
    const gold = {
      ...tomasz(),
      referenceNumber: '2000213',
      benefits: { potPence: 18_746, holdings: [{ code: 'GOLD', ...holding }] },
    };
    const result = validateImport(rowsOf(short, gold), 'MER', 'json');
    expect(problemsOf(result)).toEqual([
      { row: 1, referenceNumber: '2000102', field: 'benefits.holdings' },
      { row: 2, referenceNumber: '2000213', field: 'benefits.holdings[0].code' },
    ]);
    expect(describeProblem((result as { problems: ImportProblem[] }).problems[0]!)).toContain(
      "The funds are worth 18746p (units × price, to the penny), not the pot's 18747p",
    );
  });

  it('names CSV fields as their columns, counting from 1', () => {
    const text = 'referenceNumber,address.lines.1,benefits.tranches.1.code\n2000101,<b>1</b>,PRE88\n';
    const result = validateImport(readImportFile(text, 'csv'), 'MER', 'csv');
    expect(problemsOf(result)).toEqual(
      expect.arrayContaining([
        { row: 2, referenceNumber: '2000101', field: 'address.lines.1' },
        { row: 2, referenceNumber: '2000101', field: 'schemeCode' },
      ]),
    );
    expect(
      (result as { problems: ImportProblem[] }).problems.find((problem) => problem.field === 'schemeCode')!
        .message,
    ).toBe('Missing: every member needs this field');
  });

  it('refuses a business group with no schemes, and a file with no members', () => {
    expect(problemsOf(validateImport(sample('json'), 'XYZ', 'json'))).toEqual([
      { row: 0, referenceNumber: null, field: null },
    ]);
    expect(problemsOf(validateImport([], 'MER', 'json'))).toEqual([
      { row: 0, referenceNumber: null, field: null },
    ]);
  });
});
