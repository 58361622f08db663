import { uploadContextOf, uploadedFileOf, type FileQuestion } from '@meridian/contracts';
import { badRequest } from '../../lib/errors';
import { findOwnedDocument } from '../documents/repository';
import { registerPageCheck, type PageCheckContext } from './plugins';

/**
 * Checks of a kind's answer that need the database: what the contracts' `read` cannot know. Each runs
 * as a page check on every page asking its kind, and refuses with a 4xx and a code.
 */
export const kindChecks: Record<string, (context: PageCheckContext) => Promise<void>> = {
  /** The uploaded file named is the member's own upload, in the question's upload context. */
  async file({ db, request, graph, page, answer }) {
    const uploaded = uploadedFileOf(answer?.answerValue ?? null);
    // A malformed answer is the kind's to refuse, in its own words; a report of a death's upload is
    // in the report, checked there (areas/bereavement).
    if (!uploaded || graph.definition.audience === 'bereavement') return;
    const question = page.question as unknown as FileQuestion;
    const notFound = () =>
      badRequest('file_not_found', 'We could not find the file you uploaded. Upload it again.');
    if (!request.member) throw notFound();
    const row = await findOwnedDocument(
      db,
      { businessGroup: request.member.businessGroup, referenceNumber: request.member.referenceNumber },
      uploaded.id,
    );
    if (
      !row ||
      row.kind !== 'upload' ||
      row.context !== uploadContextOf(question) ||
      row.name !== uploaded.name
    )
      throw notFound();
  },
};

for (const [questionKind, check] of Object.entries(kindChecks))
  registerPageCheck({ appliesTo: { questionKind }, check });
