import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { FileQuestion } from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import { memberDocuments } from '../../src/db/schema';
import { kindChecks } from '../../src/areas/journeys/kind-checks';
import { memberJourneyOwner } from '../../src/areas/journeys/member-owner';
import type { JourneyOwner } from '../../src/areas/journeys/owner';
import { visitorJourneyOwner } from '../../src/areas/journeys/visitor-owner';
import type { PageCheckContext } from '../../src/areas/journeys/plugins';
import { AppError } from '../../src/lib/errors';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';

const ctx = useTestApp();

const question: FileQuestion = { kind: 'file', key: 'certificate', label: 'Upload the certificate' };

async function uploaded(username: string, name: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  const response = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm(name, await files.pdf(), { journeyType: 'documents' }),
  });
  expect(response.statusCode).toBe(201);
  const { fileUuid } = response.json<{ fileUuid: string }>();
  const [row] = await ctx.database.db.select().from(memberDocuments).where(eq(memberDocuments.id, fileUuid));
  return {
    id: fileUuid,
    member: { businessGroup: row!.businessGroup, referenceNumber: row!.referenceNumber },
  };
}

// The member's owner reads no figures to say whose an upload is.
const member = () => memberJourneyOwner({ db: ctx.database.db, calculations: {} as CalculationProvider });

const check = (
  who: object | undefined,
  answer: { id: string; name: string },
  asked = question,
  owner: JourneyOwner = member(),
) =>
  kindChecks.file!({
    db: ctx.database.db,
    request: { member: who } as unknown as FastifyRequest,
    graph: { definition: { audience: owner.audience } },
    page: { question: asked },
    owner,
    answer: { questionKey: asked.key, answerKey: answer.id, answerValue: JSON.stringify(answer) },
  } as unknown as PageCheckContext);

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? [error.statusCode, error.code] : error),
  );

describe('the file kind’s check on the server', () => {
  it('takes the member’s own upload, in the question’s context, by its name', async () => {
    const mine = await uploaded('db.active', 'certificate.pdf');
    await expect(check(mine.member, { id: mine.id, name: 'certificate.pdf' })).resolves.toBeUndefined();
  });

  it('refuses another member’s upload, a wrong name or context, and no member, with file_not_found', async () => {
    const mine = await uploaded('db.active', 'letter.pdf');
    const theirs = await uploaded('db.deferred', 'their-letter.pdf');
    const notFound = [400, 'file_not_found'];
    expect(await refusal(check(mine.member, { id: theirs.id, name: 'their-letter.pdf' }))).toEqual(notFound);
    expect(await refusal(check(mine.member, { id: mine.id, name: 'other.pdf' }))).toEqual(notFound);
    expect(
      await refusal(
        check(mine.member, { id: mine.id, name: 'letter.pdf' }, { ...question, context: 'identity' }),
      ),
    ).toEqual(notFound);
    expect(await refusal(check(undefined, { id: mine.id, name: 'letter.pdf' }))).toEqual(notFound);
  });

  it('refuses any upload on a visitor journey, whose owner keeps none, with file_not_found', async () => {
    const mine = await uploaded('db.active', 'form.pdf');
    const visitor = visitorJourneyOwner({ db: ctx.database.db, config: ctx.config });
    expect(await refusal(check(undefined, { id: mine.id, name: 'form.pdf' }, question, visitor))).toEqual([
      400,
      'file_not_found',
    ]);
  });
});
