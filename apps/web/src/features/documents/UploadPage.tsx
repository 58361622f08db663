import './documents.css';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { documentUploadFieldsSchema, formatFileSize, uploadContexts } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { describedByFor, FieldMessages, TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { HttpError } from '../../lib/http/client';
import { checkForm, errorFor } from '../my-details/form';
import { documentsApi } from './api';
import { DOCUMENTS_PATH } from './DocumentsPage';
import { acceptedEndings, choiceProblems, kindList, refusalMessage } from './upload-checks';

const CONTEXT = 'documents';

interface Outcome {
  name: string;
  sizeBytes: number;
  uploaded: boolean;
  message: string;
}

/** Upload to the library: choose files, checked here first, then sent one by one with progress. */
export function UploadPage() {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [progress, setProgress] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const limits = uploadContexts[CONTEXT];
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}Upload documents`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form
      .getAll('file')
      .filter((value): value is File => value instanceof File && value.name !== '');
    const problems = choiceProblems(files, CONTEXT);
    const fields = checkForm(documentUploadFieldsSchema, {
      journeyType: CONTEXT,
      documentType: String(form.get('documentType') ?? '').trim() || undefined,
    });
    const found: FieldError[] = problems.map((message) => ({ field: 'file', message }));
    if (!fields.ok) found.push(...fields.errors);
    if (found.length) return setErrors(found);
    setErrors([]);
    setBusy(true);
    const done: Outcome[] = [];
    for (const [index, file] of files.entries()) {
      setProgress(`Uploading ${index + 1} of ${files.length}: ${file.name}`);
      try {
        const answer = await documentsApi.upload(file, fields.ok ? fields.value.documentType : undefined);
        done.push({ name: answer.filename, sizeBytes: file.size, uploaded: true, message: 'Uploaded' });
      } catch (error) {
        const code = error instanceof HttpError ? error.codes[0] : undefined;
        done.push({
          name: file.name,
          sizeBytes: file.size,
          uploaded: false,
          message: refusalMessage(file.name, code),
        });
      }
    }
    const sent = done.filter((outcome) => outcome.uploaded).length;
    setProgress(`${sent} of ${files.length} ${files.length === 1 ? 'file' : 'files'} uploaded`);
    setOutcomes(done);
    setBusy(false);
    window.setTimeout(() => resultsHeading.current?.focus());
  }

  if (outcomes) {
    const refused = outcomes.filter((outcome) => !outcome.uploaded);
    return (
      <div className="narrow">
        <h1 tabIndex={-1} ref={resultsHeading}>
          {refused.length === 0 ? 'Your documents have been uploaded' : 'Some documents were not uploaded'}
        </h1>
        <p role="status">{progress}</p>
        <ul className="upload-results">
          {outcomes.map((outcome) => (
            <li key={outcome.name}>
              <strong>{outcome.uploaded ? 'Uploaded: ' : 'Not uploaded: '}</strong>
              {outcome.uploaded ? `${outcome.name} (${formatFileSize(outcome.sizeBytes)})` : outcome.message}
            </li>
          ))}
        </ul>
        <div className="button-group">
          <Link to={DOCUMENTS_PATH} className="button">
            Go to your documents
          </Link>
          <button type="button" className="link-button" onClick={() => setOutcomes(null)}>
            Upload more documents
          </button>
        </div>
      </div>
    );
  }

  const fileError = errors
    .filter((error) => error.field === 'file')
    .map((error) => error.message)
    .join('. ');
  const fileHint = `${kindList(CONTEXT)}, each smaller than ${formatFileSize(limits.maxFileBytes)}. Up to ${limits.maxFiles} files.`;
  return (
    <div className="narrow">
      <p>
        <Link to={DOCUMENTS_PATH}>Back to your documents</Link>
      </p>
      <ErrorSummary errors={errors} />
      <h1>Upload documents</h1>
      <p>Send us documents we have asked for, such as a certificate or proof of your identity.</p>
      <form noValidate onSubmit={submit}>
        <div className={`form-group${fileError ? ' form-group--error' : ''}`}>
          <label htmlFor="file">Choose files</label>
          <FieldMessages id="file" hint={fileHint} error={fileError || undefined} />
          <input
            type="file"
            id="file"
            name="file"
            multiple
            accept={acceptedEndings(CONTEXT)
              .map((ending) => `.${ending}`)
              .join(',')}
            aria-describedby={describedByFor('file', fileHint, fileError || undefined)}
            aria-invalid={fileError ? true : undefined}
          />
        </div>
        <TextField
          id="documentType"
          label="What are these documents? (optional)"
          hint="For example, marriage certificate. This helps you find them later."
          error={errorFor(errors, 'documentType')}
        />
        <p role="status">{progress}</p>
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Upload
          </button>
          <Link to={DOCUMENTS_PATH}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
