import { z } from 'zod';
import {
  documentNameMaxLength,
  uploadContextNames,
  uploadContexts,
  uploadFileExtensions,
  uploadFileKinds,
  VISITOR_UPLOAD_CONTEXT,
  type UploadContextName,
  type UploadFileKind,
} from '../documents';
import {
  accepted,
  parsedJson,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

const fileQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('file'),
    ...shared,
    /** The upload context the file goes into, with its size and count limits (the documents library by default). */
    context: z.enum(uploadContextNames).optional(),
    /** The kinds of file taken, when fewer than the context takes (only PDFs, say). */
    accept: z.array(z.enum(uploadFileKinds)).min(1).optional(),
  });
export type FileQuestion = z.infer<ReturnType<typeof fileQuestion>>;

/** The uploaded document an answer names. */
export interface UploadedFileAnswer {
  id: string;
  name: string;
}

export const uploadContextOf = (question: FileQuestion): UploadContextName => question.context ?? 'documents';

/** The kinds of file a question takes: those it names that its upload context takes too. */
export function fileKindsOf(question: FileQuestion): UploadFileKind[] {
  const taken: readonly UploadFileKind[] = uploadContexts[uploadContextOf(question)].kinds;
  return taken.filter((kind) => !question.accept || question.accept.includes(kind));
}

export const fileEndingsOf = (question: FileQuestion) =>
  fileKindsOf(question).flatMap((kind) => uploadFileExtensions[kind]);

const uploadedSchema = z.object({ id: z.uuid(), name: z.string().min(1).max(documentNameMaxLength) });

export const uploadedFileOf = (value: string | null): UploadedFileAnswer | null => {
  const parsed = uploadedSchema.safeParse(parsedJson(value));
  return parsed.success ? parsed.data : null;
};

/**
 * A file uploaded into the member's documents (the documents area's upload route, its checks of the
 * bytes and its limits); the answer's key is the document's id and its value the id and name as JSON.
 * That the document exists and is the member's own is checked on the server (a kind check there). A
 * report of a death asks one in the `bereavement` context: the file goes into the report instead.
 */
export const fileKind: QuestionKind<FileQuestion> = {
  kind: 'file',
  examples: (question) => ({
    accepted: [
      {
        answerKey: 'provided',
        answerValue: JSON.stringify({
          id: '6f1c1f1e-2b7a-4c1d-9a7e-1f2e3d4c5b6a',
          name: `file.${fileEndingsOf(question)[0]}`,
        }),
      },
    ],
    refused: { answerKey: 'not_an_answer<>' },
  }),
  needsMember: 'the file is uploaded into the member’s documents',
  visitorMay: (question, audience) =>
    audience === 'bereavement' && uploadContextOf(question) === VISITOR_UPLOAD_CONTEXT,
  schema: fileQuestion,
  read(question, submitted) {
    const uploaded = uploadedFileOf(submitted.answerValue ?? null);
    if (!uploaded) return refused('file_required', 'Select a file to upload');
    const ending = /\.([^.]+)$/.exec(uploaded.name)?.[1]?.toLowerCase() ?? '';
    if (!fileEndingsOf(question).includes(ending))
      return refused('file_type_not_allowed', `The file must end in .${fileEndingsOf(question).join(', .')}`);
    return accepted(question, uploaded.id, JSON.stringify(uploaded));
  },
  display: (_question, answer) => uploadedFileOf(answer.answerValue)?.name ?? '',
  conditionValue: (answer) => answer.answerKey,
  problems(question) {
    return fileKindsOf(question).length === 0
      ? [`upload context ${uploadContextOf(question)} takes none of the kinds in accept`]
      : [];
  },
};
