import './documents.css';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  caseUploadContext,
  documentUploadFieldsSchema,
  formatFileSize,
  uploadContexts,
  type MemberCase,
  type UploadContextName,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { describedByFor, FieldMessages, TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { HttpError } from '../../lib/http/client';
import { checkForm, errorFor } from '../../lib/form';
import { useTenant } from '../../lib/tenant';
import { documentsApi } from './api';
import { DOCUMENTS_PATH } from './DocumentsPage';
import { acceptedEndings, choiceProblems, kindList, refusalMessage } from './upload-checks';

const LIBRARY: UploadContextName = 'documents';

/** A request (case) the member sends documents for, and the document it asked for, when there is one. */
interface ForCase {
  found: MemberCase;
  context: UploadContextName;
  asked?: string;
}

/** The case `?case=` names, if it is the member's and takes uploads: null when it is not. */
function forCaseOf(cases: MemberCase[], caseNumber: string, document: string | null): ForCase | null {
  const found = cases.find((candidate) => candidate.caseNumber === caseNumber);
  if (!found) return null;
  const context = caseUploadContext(found.journeyType);
  const asked = found.documents.find((item) => item.status === 'outstanding' && item.name === document)?.name;
  return { found, context, asked };
}

/** The member's cases, read only when the address names one (`?case=`, from My requests). */
function useCaseFromAddress() {
  const [params] = useSearchParams();
  const caseNumber = params.get('case');
  const cases = useLoad(async () => (caseNumber ? (await documentsApi.cases()).cases : []), {
    key: caseNumber ?? '',
  });
  const forCase = caseNumber && cases.data ? forCaseOf(cases.data, caseNumber, params.get('document')) : null;
  return { cases, forCase, caseNumber };
}

interface Outcome {
  name: string;
  sizeBytes: number;
  uploaded: boolean;
  message: string;
}

/**
 * Upload to the library: choose files, checked here first, then sent one by one with progress. With
 * `?case=` (from My requests) the files are sent with that request, tagged with the document it asked for.
 */
export function UploadPage() {
  const { routes } = useTenant();
  const { cases, forCase, caseNumber } = useCaseFromAddress();
  const context = forCase?.context ?? LIBRARY;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [progress, setProgress] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const limits = uploadContexts[context];
  const title = forCase?.found.closed
    ? 'This request is closed'
    : forCase
      ? `Send us your ${forCase.asked ?? 'documents'}`
      : 'Upload documents';
  useDocumentTitle(`${errors.length ? 'Error: ' : ''}${title}`);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement;
    const files = [...(input.files ?? [])];
    const problems = choiceProblems(files, context);
    const fields = checkForm(documentUploadFieldsSchema, {
      journeyType: context,
      documentType: forCase ? forCase.asked : String(form.get('documentType') ?? '').trim() || undefined,
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
        const answer = await documentsApi.upload(file, {
          journeyType: context,
          documentType: fields.ok ? fields.value.documentType : undefined,
          tags: forCase?.asked ? [forCase.asked] : [],
        });
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
    let summary = `${sent} of ${files.length} ${files.length === 1 ? 'file' : 'files'} uploaded`;
    if (forCase && sent > 0) {
      try {
        await documentsApi.sendWithCase(forCase.context, forCase.found.caseNumber);
        summary += ` and sent with your request ${forCase.found.caseNumber}`;
      } catch {
        summary += `, but we could not add them to your request ${forCase.found.caseNumber}. Try again later`;
      }
    }
    setProgress(summary);
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
          <Link to={forCase ? routes.myRequests : DOCUMENTS_PATH} className="button">
            {forCase ? 'Go to your requests' : 'Go to your documents'}
          </Link>
          <button type="button" className="link-button" onClick={() => setOutcomes(null)}>
            Upload more documents
          </button>
        </div>
      </div>
    );
  }

  if (caseNumber && cases.failure) {
    return (
      <div className="narrow">
        <p>
          <Link to={routes.myRequests}>Back to your requests</Link>
        </p>
        <h1>Send us your documents</h1>
        <LoadFailed what="show the request you are sending documents for" load={cases} />
      </div>
    );
  }
  if (caseNumber && !cases.data) return <p className="page-loading">Loading your request</p>;
  if (forCase?.found.closed) {
    return (
      <div className="narrow">
        <h1>{title}</h1>
        <p>
          Your request {forCase.found.title} ({forCase.found.caseNumber}) is closed, so we cannot add
          documents to it. If you need to send us something, upload it to{' '}
          <Link to={DOCUMENTS_PATH}>your documents</Link>. See{' '}
          <Link to={routes.myRequests}>your requests</Link>.
        </p>
      </div>
    );
  }
  if (caseNumber && !forCase) {
    return (
      <div className="narrow">
        <h1>We cannot find this request</h1>
        <p>
          Request {caseNumber} is not one of yours, or it does not take documents here. See{' '}
          <Link to={routes.myRequests}>your requests</Link> or <Link to={DOCUMENTS_PATH}>your documents</Link>
          .
        </p>
      </div>
    );
  }

  const fileError = errors
    .filter((error) => error.field === 'file')
    .map((error) => error.message)
    .join('. ');
  const fileHint = `${kindList(context)}, each ${formatFileSize(limits.maxFileBytes)} or smaller. Up to ${limits.maxFiles} files.`;
  return (
    <div className="narrow">
      <p>
        {forCase ? (
          <Link to={routes.myRequests}>Back to your requests</Link>
        ) : (
          <Link to={DOCUMENTS_PATH}>Back to your documents</Link>
        )}
      </p>
      <ErrorSummary errors={errors} />
      <h1>{title}</h1>
      {forCase ? (
        <p>
          For your request {forCase.found.title} ({forCase.found.caseNumber}). They are sent with it and kept
          in your documents.
        </p>
      ) : (
        <p>Send us documents we have asked for, such as a certificate or proof of your identity.</p>
      )}
      <form noValidate onSubmit={submit}>
        <div className={`form-group${fileError ? ' form-group--error' : ''}`}>
          <label htmlFor="file">Choose files</label>
          <FieldMessages id="file" hint={fileHint} error={fileError || undefined} />
          <input
            type="file"
            id="file"
            name="file"
            multiple
            accept={acceptedEndings(context)
              .map((ending) => `.${ending}`)
              .join(',')}
            aria-describedby={describedByFor('file', fileHint, fileError || undefined)}
            aria-invalid={fileError ? true : undefined}
          />
        </div>
        {!forCase && (
          <TextField
            id="documentType"
            label="What are these documents? (optional)"
            hint="For example, marriage certificate. This helps you find them later."
            error={errorFor(errors, 'documentType')}
          />
        )}
        <p role="status">{progress}</p>
        <div className="button-group">
          <button type="submit" className="button" disabled={busy}>
            Upload
          </button>
          <Link to={forCase ? routes.myRequests : DOCUMENTS_PATH}>Cancel</Link>
        </div>
      </form>
    </div>
  );
}
