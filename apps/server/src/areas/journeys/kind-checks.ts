import { uploadedFileOf, type FileQuestion } from '@meridian/contracts';
import { badRequest } from '../../lib/errors';
import { registerPageCheck, type PageCheckContext } from './plugins';

/**
 * Checks of a kind's answer that need the database: what the contracts' `read` cannot know. Each runs
 * as a page check on every page asking its kind, and refuses with a 4xx and a code.
 */
export const kindChecks: Record<string, (context: PageCheckContext) => Promise<void>> = {
  /**
   * The uploaded file named is the owner's own upload, in the question's upload context: where its
   * uploads are kept is the owner's to say (a member's documents, a report's own; owner.ts).
   */
  async file({ db, request, graph, page, owner, answer }) {
    const uploaded = uploadedFileOf(answer?.answerValue ?? null);
    // A malformed answer is the kind's to refuse, in its own words.
    if (!uploaded) return;
    const question = page.question as unknown as FileQuestion;
    if (!(await owner.holdsUpload({ db, request, graph, question, uploaded })))
      throw badRequest('file_not_found', 'We could not find the file you uploaded. Upload it again.');
  },
};

for (const [questionKind, check] of Object.entries(kindChecks))
  registerPageCheck({ appliesTo: { questionKind }, check });
