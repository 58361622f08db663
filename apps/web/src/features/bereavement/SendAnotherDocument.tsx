import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  BEREAVEMENT_API_PREFIX,
  VISITOR_UPLOAD_CONTEXT,
  formatFileSize,
  uploadContexts,
  type BereavementDocument,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { describedByFor, FieldMessages, TextField } from '../../components/TextField';
import { http } from '../../lib/api';
import { HttpError } from '../../lib/http/client';
import { acceptedEndings, fileProblem, refusalMessage } from '../documents';

const TYPE_FIELD = 'later-document-type';
const FILE_FIELD = 'later-document-file';

/**
 * On a sent report's confirmation page: another document (a will, the grant of probate) goes to the
 * report through `documents/post-submission` while the report's token lasts, with the journey's
 * upload checks and limits; once it has lapsed, or the server says so, how to send them instead.
 */
export function SendAnotherDocument({
  type,
  expiresAt,
  documentsLater,
}: {
  type: string;
  expiresAt: string;
  /** The tenant's words for sending documents by post or email. */
  documentsLater: string | null;
}) {
  const [lapsed, setLapsed] = useState(() => new Date(expiresAt).getTime() <= Date.now());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sent, setSent] = useState<BereavementDocument[]>([]);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const left = new Date(expiresAt).getTime() - Date.now();
    if (left <= 0) return setLapsed(true);
    // A timer's delay is a signed 32-bit number: a report kept longer than 24 days never lapses here.
    const timer = window.setTimeout(() => setLapsed(true), Math.min(left, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  const limits = uploadContexts[VISITOR_UPLOAD_CONTEXT];
  const endings = acceptedEndings(VISITOR_UPLOAD_CONTEXT);
  const fileHint = `A file ending .${endings.join(', .')}, up to ${formatFileSize(limits.maxFileBytes)}`;
  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const documentType = String(data.get(TYPE_FIELD) ?? '').trim();
    const chosen = data.get(FILE_FIELD);
    const file = chosen instanceof File && chosen.name ? chosen : null;
    const found: FieldError[] = [];
    if (!documentType) found.push({ field: TYPE_FIELD, message: 'Say what the document is' });
    else if (documentType.length > 60)
      found.push({ field: TYPE_FIELD, message: 'Say what the document is in 60 characters or fewer' });
    const problem = file ? fileProblem(file, VISITOR_UPLOAD_CONTEXT) : 'Choose a file to send';
    if (problem) found.push({ field: FILE_FIELD, message: problem });
    setErrors(found);
    if (found.length > 0 || !file) return;
    const body = new FormData();
    body.append('documentType', documentType);
    body.append('file', file, file.name);
    setSending(true);
    try {
      const document = await http.post<BereavementDocument>(
        `${BEREAVEMENT_API_PREFIX}/journeys/${encodeURIComponent(type)}/documents/post-submission`,
        { body },
      );
      setSent((before) => [...before, document]);
      form.current?.reset();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 401) return setLapsed(true);
      const code = failure instanceof HttpError ? failure.codes[0] : undefined;
      const said = failure instanceof HttpError ? failure.messages[0] : undefined;
      const message = code?.startsWith('file_') || !said ? refusalMessage(file.name, code) : said;
      setErrors([{ field: FILE_FIELD, message }]);
    } finally {
      setSending(false);
    }
  }

  const fileError = errorOf(FILE_FIELD);
  return (
    <section aria-labelledby="send-another-document">
      <h2 id="send-another-document">Send another document</h2>
      {sent.length > 0 && (
        <div role="status">
          <p>We have added to your report:</p>
          <ul>
            {sent.map((document) => (
              <li key={document.fileUuid}>
                {document.filename} ({document.documentType})
              </li>
            ))}
          </ul>
        </div>
      )}
      {lapsed ? (
        <>
          <p>You can no longer send documents on this page, for your security.</p>
          {documentsLater && <p>{documentsLater}</p>}
        </>
      ) : (
        <>
          <p>
            If you have the will, the grant of probate or another document, you can send it now. You can do
            this until{' '}
            {new Date(expiresAt).toLocaleTimeString('en-GB', { hour: 'numeric', minute: '2-digit' })}.
          </p>
          <ErrorSummary errors={errors} />
          <form ref={form} noValidate onSubmit={(event) => void send(event)}>
            <TextField
              id={TYPE_FIELD}
              label="What is the document?"
              hint="For example, the will or the grant of probate"
              error={errorOf(TYPE_FIELD)}
              maxLength={60}
              autoComplete="off"
            />
            <div className={`form-group${fileError ? ' form-group--error' : ''}`}>
              <label htmlFor={FILE_FIELD}>Choose the file</label>
              <FieldMessages id={FILE_FIELD} hint={fileHint} error={fileError} />
              <input
                type="file"
                id={FILE_FIELD}
                name={FILE_FIELD}
                accept={endings.map((ending) => `.${ending}`).join(',')}
                aria-describedby={describedByFor(FILE_FIELD, fileHint, fileError)}
                aria-invalid={fileError ? true : undefined}
              />
            </div>
            <button type="submit" className="button button--secondary" disabled={sending}>
              Send document
            </button>
            {sending && <p role="status">Sending…</p>}
          </form>
        </>
      )}
    </section>
  );
}
