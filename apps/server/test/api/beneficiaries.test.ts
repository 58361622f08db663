import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, beneficiaries, memberDocuments, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { pdfText } from '../pdf-text';
import { useTestApp } from './harness';
import { latestCodeTo as sharedLatestCodeTo } from './outbox-codes';

const ctx = useTestApp();
const api = '/mdp-api/api/members/current/beneficiaries';
const NONCE = 'x-confirmation-nonce';

async function member(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const address = { line1: '1 High Street', line2: 'Leeds', postCode: 'LS1 1AA', country: 'United Kingdom' };
const person = (forenames: string, share: number, extra: object = {}) => ({
  kind: 'person',
  relationship: 'Child',
  forenames,
  surname: 'Morgan',
  dateOfBirth: '1995-04-02',
  lumpSumPercentage: share,
  isPensionBeneficiary: false,
  address,
  ...extra,
});
const charity = (share: number) => ({
  kind: 'organisation',
  relationship: 'Charity',
  charityName: 'Lifeboats Trust',
  charityNumber: 1234567,
  lumpSumPercentage: share,
  address,
});

const latestCodeTo = (recipient: string) => sharedLatestCodeTo(ctx.database.db, recipient);

async function save(agent: BrowserAgent, list: object[], email: string) {
  const sent = await agent.request({
    method: 'POST',
    url: `${api}/confirmation/send`,
    payload: { beneficiaries: list },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCodeTo(email);
  return agent.request({
    method: 'PUT',
    url: api,
    payload: { beneficiaries: list, code },
    headers: { [NONCE]: sent.json().nonce },
  });
}

describe('beneficiaries', () => {
  it('lists the relationships with their colour groups', async () => {
    const agent = await member('db.deferred');
    const response = await agent.request({ url: '/mdp-api/api/tenants/relationship-statuses' });
    expect(response.json().relationshipStatuses).toContainEqual({
      key: 'Charity',
      label: 'Charity or organisation',
      group: 'organisation',
    });
  });

  it('saves two people and a charity with a step-up code, audits, emails, and files the PDF in documents', async () => {
    const agent = await member('db.deferred');
    const list = [
      person('Alex', 33.33, { isPensionBeneficiary: true, relationship: 'Spouse', notes: 'My wife' }),
      person('Sam', 33.33),
      charity(33.34),
    ];
    const without = await agent.request({
      method: 'PUT',
      url: api,
      payload: { beneficiaries: list, code: '123456' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors[0].code).toBe('CONFIRMATION_NONCE_REQUIRED_ERROR');

    const saved = await save(agent, list, 'db.deferred@example.org');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().beneficiaries).toHaveLength(3);
    const read = (await agent.request({ url: api })).json();
    expect(read.beneficiaries.map((b: { lumpSumPercentage: number }) => b.lumpSumPercentage)).toEqual([
      33.33, 33.33, 33.34,
    ]);
    expect(read.beneficiaries[2]).toMatchObject({
      kind: 'organisation',
      charityName: 'Lifeboats Trust',
      charityNumber: 1234567,
    });

    const [audited] = await ctx.database.db
      .select({ value: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'beneficiaries_change'), eq(auditEvents.outcome, 'success')));
    expect(audited!.value).toBe(1);
    const notices = (await ctx.database.db.select().from(outboxMessages)).filter(
      (message) =>
        message.subject === 'Your beneficiaries are being changed' ||
        message.body.startsWith('Your beneficiaries are being changed'),
    );
    // Every route on file: the email, the mobile and a letter to the postal address.
    expect(notices.map((notice) => notice.recipient).sort()).toEqual([
      '+447911123456',
      'MER/1000001',
      'db.deferred@example.org',
    ]);

    const download = await agent.request({ url: `${api}/download` });
    expect(download.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(download.rawPayload);
    const today = new Date().toLocaleDateString('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(text).toContain('Expression of wish');
    expect(text).toContain('Alex Morgan');
    expect(text).toContain('Lifeboats Trust');
    expect(text).toContain('33.34%');
    expect(text).toContain(today.replace('Sept', 'Sep'));

    const library = (
      await agent.request({ url: '/mdp-api/api/members/current/documents?type=Expression%20of%20wish' })
    ).json();
    expect(library.items).toMatchObject([{ kind: 'nomination', isRead: false }]);
  });

  const refusals: Array<[string, object[], string]> = [
    ['shares totalling 99.99', [person('A', 50), person('B', 49.99)], 'lump_sum_total_not_100'],
    ['shares totalling 100.01', [person('A', 50), person('B', 50.01)], 'lump_sum_total_not_100'],
    [
      'two pension beneficiaries',
      [person('A', 50, { isPensionBeneficiary: true }), person('B', 50, { isPensionBeneficiary: true })],
      'pension_beneficiary_not_unique',
    ],
    [
      'a person with no share who is not the pension beneficiary',
      [person('A', 100), person('B', 0)],
      'lump_sum_share_required',
    ],
    [
      'a date of birth in the future',
      [person('A', 100, { dateOfBirth: '2099-01-01' })],
      'date_of_birth_in_future',
    ],
    ['a share with three decimals', [person('A', 99.995), person('B', 0.005)], 'field_invalid'],
    ['HTML in a name', [person('<b>A</b>', 100)], 'field_invalid'],
    ['HTML in notes', [person('A', 100, { notes: '<script>x</script>' })], 'field_invalid'],
    ['a forename over 32 characters', [person('A'.repeat(33), 100)], 'field_invalid'],
    ['a surname over 20 characters', [person('A', 100, { surname: 'B'.repeat(21) })], 'field_invalid'],
    ['notes over 180 characters', [person('A', 100, { notes: 'n'.repeat(181) })], 'field_invalid'],
    [
      'an address line over 25 characters',
      [person('A', 100, { address: { line1: 'x'.repeat(26) } })],
      'field_invalid',
    ],
    ['no first address line', [person('A', 100, { address: { line2: 'Leeds' } })], 'field_required'],
    [
      'a charity number over 10 digits',
      [charity(100)].map((c) => ({ ...c, charityNumber: 10_000_000_000 })),
      'field_invalid',
    ],
    ['a charity as a person', [person('A', 100, { relationship: 'Charity' })], 'field_invalid'],
    ['a date of birth before 1900', [person('A', 100, { dateOfBirth: '1899-12-31' })], 'field_invalid'],
  ];

  it.each(refusals)('refuses %s with a code and changes nothing', async (_, list, code) => {
    const agent = await member('dc.far');
    const before = await ctx.database.db.select({ value: count() }).from(beneficiaries);
    const sent = await agent.request({
      method: 'POST',
      url: `${api}/confirmation/send`,
      payload: { beneficiaries: list },
    });
    expect(sent.statusCode, sent.body).toBe(400);
    expect(sent.json().errors.map((error: { code: string }) => error.code)).toContain(code);
    const put = await agent.request({
      method: 'PUT',
      url: api,
      payload: { beneficiaries: list, code: '123456' },
      headers: { [NONCE]: '00000000-0000-4000-8000-000000000000' },
    });
    expect(put.statusCode).toBe(400);
    expect(await ctx.database.db.select({ value: count() }).from(beneficiaries)).toEqual(before);
  });

  it('refuses a code sent for a different nomination, and keeps each record’s nomination its own', async () => {
    const agent = await member('dc.near');
    const sent = await agent.request({
      method: 'POST',
      url: `${api}/confirmation/send`,
      payload: { beneficiaries: [person('A', 100)] },
    });
    const code = await latestCodeTo('dc.near@example.org');
    const swapped = await agent.request({
      method: 'PUT',
      url: api,
      payload: { beneficiaries: [person('Mallory', 100)], code },
      headers: { [NONCE]: sent.json().nonce },
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().errors[0].code).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    const active = await ctx.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.referenceNumber, '1000005'), isNull(beneficiaries.revokedAt)));
    expect(active).toEqual([]);
    const stranger = await member('db.active');
    expect((await stranger.request({ url: api })).json().beneficiaries).toEqual([]);
    const noneYet = await stranger.request({ url: `${api}/download` });
    expect(noneYet.statusCode).toBe(404);
    expect(noneYet.json().errors[0].code).toBe('beneficiaries_not_found');
    const documents = await ctx.database.db
      .select()
      .from(memberDocuments)
      .where(and(eq(memberDocuments.referenceNumber, '1000002'), eq(memberDocuments.kind, 'nomination')));
    expect(documents).toEqual([]);
  });

  it('saves and prints a name in any script, emoji included, without failing the nomination', async () => {
    const agent = await member('db.active');
    const list = [person('Zoë Łucja', 100, { surname: 'Ōtaki-Nguyễn 🙂' })];
    const saved = await save(agent, list, 'db.active@example.org');
    expect(saved.statusCode, saved.body).toBe(200);
    const download = await agent.request({ url: `${api}/download` });
    expect(download.statusCode).toBe(200);
    // The letters print from the embedded font; the emoji, which no font here has, is left out.
    expect(await pdfText(download.rawPayload)).toContain('Zoë Łucja Ōtaki-Nguyễn');
  });
});
