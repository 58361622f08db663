import { and, desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@meridian/contracts';
import { memberCases, members, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';
import { sentDeathReport } from './visitor-submissions';

// Service notices go the way the member chose in How we contact you; security notices go to every route.
const context = useTestApp({ BEREAVEMENT_CAPTCHA_WORK: '200' });
const record = { businessGroup: 'MER', referenceNumber: '1000010' }; // db.retiring
const email = 'notices.retiring@example.org';
const mobile = '+447700900456';
const letter = `${record.businessGroup}/${record.referenceNumber}`;
const atRecord = and(
  eq(members.businessGroup, record.businessGroup),
  eq(members.referenceNumber, record.referenceNumber),
);

/** Gives db.retiring's record these contact details and choices. */
async function contactsAre(
  chosen: NotificationSettings,
  held: { email: string | null; mobile: string | null },
) {
  await context.database.db
    .update(members)
    .set({ notificationSettings: chosen, email: held.email, mobilePhone: held.mobile })
    .where(atRecord);
}

let opened = 0;
async function openCase() {
  const caseNumber = `RTP9-8${String(++opened).padStart(5, '0')}`;
  await context.database.db.insert(memberCases).values({
    ...record,
    caseNumber,
    caseType: 'RTP9',
    title: 'Apply for your pension',
    journeyType: 'dbcoreretirementapplication',
    documents: [],
  });
  return caseNumber;
}

/** The messages written since `since`, as channel and recipient, with the case's words in them. */
async function sentSince(since: Date, words: string) {
  const rows = await context.database.db
    .select()
    .from(outboxMessages)
    .where(gt(outboxMessages.createdAt, since));
  return rows
    .filter((row) => row.body.includes(words))
    .map((row) => ({ channel: row.channel, to: row.recipient }))
    .sort((a, b) => a.channel.localeCompare(b.channel));
}

describe('service notices follow the member’s contact preferences', () => {
  const cases: Array<{
    chose: NotificationSettings;
    held: { email: string | null; mobile: string | null };
    gets: Array<{ channel: string; to: string }>;
  }> = [
    {
      chose: { email: false, sms: false, post: true },
      held: { email, mobile },
      gets: [{ channel: 'post', to: letter }],
    },
    {
      chose: { email: true, sms: false, post: false },
      held: { email, mobile },
      gets: [{ channel: 'email', to: email }],
    },
    {
      chose: { email: false, sms: true, post: false },
      held: { email, mobile },
      gets: [{ channel: 'sms', to: mobile }],
    },
    {
      chose: { email: true, sms: true, post: false },
      held: { email, mobile },
      gets: [
        { channel: 'email', to: email },
        { channel: 'sms', to: mobile },
      ],
    },
    {
      chose: { email: true, sms: false, post: false },
      held: { email: null, mobile },
      gets: [{ channel: 'post', to: letter }],
    },
  ];
  for (const { chose, held, gets } of cases)
    it(`tells a member who chose ${JSON.stringify(chose)}, holding email ${held.email ? 'yes' : 'no'}, of a case's move by ${gets.map((g) => g.channel).join(' and ')}`, async () => {
      await contactsAre(chose, held);
      const caseNumber = await openCase();
      const staff = await demoStaffSignedIn(context, 'caseworker@meridian.example');
      const since = new Date(Date.now() - 1);
      const moved = await staff.request({
        method: 'POST',
        url: `/admin-api/cases/${caseNumber}/status`,
        payload: { status: 'In progress', memberNote: 'We have your form.' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await sentSince(since, caseNumber)).toEqual(gets);
      const [notice] = await context.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, gets[0]!.to), gt(outboxMessages.createdAt, since)));
      expect(notice!.body).toContain('it is now “In progress”');
      // The note itself is read in My requests, signed in.
      expect(notice!.body).not.toContain('We have your form.');
    });

  it('asks a member who chose text messages for a document by text, and a post member by letter', async () => {
    const staff = await demoStaffSignedIn(context, 'caseworker@meridian.example');
    for (const [chose, to, channel] of [
      [{ email: false, sms: true, post: false }, mobile, 'sms'],
      [{ email: false, sms: false, post: true }, letter, 'post'],
    ] as const) {
      await contactsAre(chose, { email, mobile });
      const caseNumber = await openCase();
      const since = new Date(Date.now() - 1);
      const asked = await staff.request({
        method: 'POST',
        url: `/admin-api/cases/${caseNumber}/documents/request`,
        payload: { document: 'Birth certificate', memberNote: 'Please send your birth certificate.' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const sent = await sentSince(since, caseNumber);
      expect(sent).toEqual([{ channel, to }]);
    }
    const [text] = await context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, mobile))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(text!.body).toMatch(/^We need a document for your request RTP9-8\d+\. Dear .*Birth certificate/s);
  });

  it('tells nobody of a note for staff only, or an assignment', async () => {
    await contactsAre({ email: true, sms: true, post: false }, { email, mobile });
    const caseNumber = await openCase();
    const staff = await demoStaffSignedIn(context, 'caseworker@meridian.example');
    const since = new Date(Date.now() - 1);
    for (const [path, payload] of [
      ['notes', { note: 'Called the member.' }],
      ['assign', { to: 'me' }],
    ] as const) {
      const done = await staff.request({
        method: 'POST',
        url: `/admin-api/cases/${caseNumber}/${path}`,
        payload,
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    expect(await sentSince(since, caseNumber)).toEqual([]);
  });

  it('tells no one of a report of a death matched to the member it is about', async () => {
    await contactsAre({ email: true, sms: true, post: false }, { email, mobile });
    const caseNumber = await sentDeathReport(context);
    await context.database.db
      .update(memberCases)
      .set({ referenceNumber: record.referenceNumber })
      .where(eq(memberCases.caseNumber, caseNumber));
    const staff = await demoStaffSignedIn(context, 'caseworker@meridian.example');
    const since = new Date(Date.now() - 1);
    const moved = await staff.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/status`,
      payload: { status: 'In progress', memberNote: 'We are sorry for your loss.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sentSince(since, caseNumber)).toEqual([]);
  });
});

describe('security notices go to every route on file, whatever the member chose', () => {
  it('tells a member who chose post of a sign-in from a new browser by email, text and letter', async () => {
    await contactsAre({ email: false, sms: false, post: true }, { email, mobile });
    await context.database.db
      .update(members)
      .set({ address: { lines: ['1 Station Road'], town: 'Leeds', postcode: 'LS1 1AA', countryCode: 'GB' } })
      .where(atRecord);
    expect((await new BrowserAgent(context.app).signIn('db.retiring')).statusCode).toBe(200);
    const since = new Date(Date.now() - 1);
    expect((await new BrowserAgent(context.app).signIn('db.retiring')).statusCode).toBe(200);
    expect(await sentSince(since, 'signed in to from a browser it has not used before')).toEqual([
      { channel: 'email', to: email },
      { channel: 'post', to: letter },
      { channel: 'sms', to: mobile },
    ]);
  });
});
