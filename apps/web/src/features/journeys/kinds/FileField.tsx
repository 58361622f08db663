import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  BEREAVEMENT_API_PREFIX,
  BEREAVEMENT_JOURNEY_TYPE,
  VISITOR_UPLOAD_CONTEXT,
  fileKind,
  fileEndingsOf,
  formatFileSize,
  uploadContextOf,
  uploadContexts,
  uploadedFileOf,
  type BereavementDocument,
  type FileQuestion,
  type SubmittedAnswer,
  type UploadContextName,
  type UploadedFileAnswer,
} from '@meridian/contracts';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { http } from '../../../lib/api';
import { HttpError } from '../../../lib/http/client';
import { documentsApi, fileProblem, refusalMessage } from '../../documents';
import { messageFor } from '../messages';
import { useJourneyWording, type JourneyWording } from '../wording';
import { kindAtHand, type FieldProps, type KindFieldModule } from './registry';

const fileBox = (question: FileQuestion) => `${question.key}-file`;

/** Where a file goes: the member's documents, or a report of a death (its own documents calls). */
interface Uploads {
  upload(file: File, documentType: string): Promise<UploadedFileAnswer>;
  remove(id: string): Promise<unknown>;
}

const reportDocuments = `${BEREAVEMENT_API_PREFIX}/journeys/${BEREAVEMENT_JOURNEY_TYPE}/documents`;
const uploadsFor = (context: UploadContextName): Uploads =>
  context === VISITOR_UPLOAD_CONTEXT
    ? {
        async upload(file, documentType) {
          const form = new FormData();
          form.append('documentType', documentType);
          form.append('file', file, file.name);
          const sent = await http.post<BereavementDocument>(reportDocuments, { body: form });
          return { id: sent.fileUuid, name: sent.filename };
        },
        remove: (id) => http.delete(`${reportDocuments}/${encodeURIComponent(id)}`),
      }
    : {
        async upload(file, documentType) {
          const sent = await documentsApi.upload(file, { journeyType: context, documentType });
          return { id: sent.fileUuid, name: sent.filename };
        },
        remove: (id) => documentsApi.remove(id),
      };

/** The server's refusal in words: a file's own problem by its name, anything else as the server says. */
function problemOf(failure: unknown, fileName: string, wording: JourneyWording) {
  const code = failure instanceof HttpError ? failure.codes[0] : undefined;
  return code?.startsWith('file_') || !code ? refusalMessage(fileName, code) : messageFor(failure, wording);
}

/**
 * A file sent into the member's documents as soon as it is chosen (the documents area's upload, its
 * checks and limits), or into a report of a death for its `bereavement` context; the answer names the
 * uploaded document, which the server checks is theirs. Remove takes it away again.
 */
function Field({ question, initial, error }: FieldProps<FileQuestion>) {
  const [uploaded, setUploaded] = useState<UploadedFileAnswer | null>(() =>
    uploadedFileOf(initial?.answerValue ?? null),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const wording = useJourneyWording();
  // The file input and Remove are disabled while a file goes, which takes focus from them: once it has
  // gone, focus comes back to the file input, so a keyboard user carries on from where they were.
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (sending || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [sending]);
  const context = uploadContextOf(question);
  const uploads = uploadsFor(context);
  const endings = fileEndingsOf(question);
  const hint = [
    question.hint,
    `A file ending .${endings.join(', .')}, up to ${formatFileSize(uploadContexts[context].maxFileBytes)}`,
  ]
    .filter(Boolean)
    .join('. ');
  const shown = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const ending = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    const refusal =
      fileProblem(file, context) ??
      (endings.includes(ending) ? null : `${file.name} must end in .${endings.join(', .')}`);
    if (refusal) return setProblem(refusal);
    setProblem(null);
    refocus.current = document.activeElement === event.currentTarget;
    setSending(true);
    try {
      setUploaded(await uploads.upload(file, question.label.slice(0, 60)));
    } catch (failure) {
      setProblem(problemOf(failure, file.name, wording));
    } finally {
      setSending(false);
    }
  }

  async function remove() {
    if (!uploaded) return;
    refocus.current = true;
    setSending(true);
    try {
      await uploads.remove(uploaded.id);
      setUploaded(null);
      setProblem(null);
    } catch (failure) {
      setProblem(messageFor(failure, wording));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={`form-group${shown ? ' form-group--error' : ''}`}>
      <h2 className="legend legend--question">
        <label htmlFor={question.key}>{question.label}</label>
      </h2>
      <FieldMessages id={question.key} hint={hint} error={shown ?? undefined} />
      <input type="hidden" name={fileBox(question)} value={uploaded ? JSON.stringify(uploaded) : ''} />
      {uploaded && (
        <>
          <p role="status">
            Uploaded: <strong>{uploaded.name}</strong>
          </p>
          <p>
            <button type="button" className="link-button" disabled={sending} onClick={() => void remove()}>
              Remove<span className="visually-hidden"> {uploaded.name}</span>
            </button>
          </p>
        </>
      )}
      <input
        ref={input}
        type="file"
        id={question.key}
        accept={endings.map((ending) => `.${ending}`).join(',')}
        disabled={sending}
        onChange={(event) => void choose(event)}
        aria-describedby={describedByFor(question.key, hint, shown ?? undefined)}
        aria-invalid={shown ? true : undefined}
      />
      {sending && <p role="status">Uploading…</p>}
    </div>
  );
}

function fromForm(form: FormData, question: FileQuestion): SubmittedAnswer {
  const uploaded = uploadedFileOf(String(form.get(fileBox(question)) ?? ''));
  return { answerKey: uploaded?.id ?? 'none', answerValue: uploaded ? JSON.stringify(uploaded) : null };
}

const field: KindFieldModule<FileQuestion> = {
  loadKind: kindAtHand(fileKind),
  Field,
  fromForm,
};
export default field;
