import { useState, type ChangeEvent } from 'react';
import {
  fileKind,
  fileEndingsOf,
  formatFileSize,
  uploadContextOf,
  uploadContexts,
  uploadedFileOf,
  type FileQuestion,
  type SubmittedAnswer,
  type UploadedFileAnswer,
} from '@meridian/contracts';
import { describedByFor, FieldMessages } from '../../../components/TextField';
import { HttpError } from '../../../lib/http/client';
import { documentsApi, fileProblem, refusalMessage } from '../../documents';
import type { FieldProps, KindField } from './registry';

const fileBox = (question: FileQuestion) => `${question.key}-file`;

/**
 * A file sent into the member's documents as soon as it is chosen (the documents area's upload, its
 * checks and limits); the answer names the uploaded document, which the server checks is theirs.
 */
function Field({ question, initial, error }: FieldProps<FileQuestion>) {
  const [uploaded, setUploaded] = useState<UploadedFileAnswer | null>(() =>
    uploadedFileOf(initial?.answerValue ?? null),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const context = uploadContextOf(question);
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
    setSending(true);
    try {
      const sent = await documentsApi.upload(file, {
        journeyType: context,
        documentType: question.label.slice(0, 60),
      });
      setUploaded({ id: sent.fileUuid, name: sent.filename });
    } catch (failure) {
      const code = failure instanceof HttpError ? failure.codes[0] : undefined;
      setProblem(refusalMessage(file.name, code));
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
        <p role="status">
          Uploaded: <strong>{uploaded.name}</strong>
        </p>
      )}
      <input
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

const field: KindField<FileQuestion> = {
  kind: fileKind,
  Field,
  fromForm,
};
export default field;
