import { useState, type FormEvent } from 'react';
import type { IdentityVerification } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { describedByFor, FieldMessages } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { HttpError } from '../../lib/http/client';
import { acceptedEndings, documentsApi, fileProblem, refusalMessage } from '../documents';
import { identityApi } from './journey-api';

const statusText: Record<IdentityVerification['status'], string> = {
  not_started: 'Not sent yet',
  pending: 'Sent: someone at the scheme will check it',
  verified: 'Confirmed',
  failed: 'We could not confirm it: send another photo',
};

/** The identity check's own refusals; an upload's are the documents area's (`refusalMessage`). */
const checkRefusals: Record<string, string> = {
  identity_provider_unavailable: 'We cannot check your identity right now. Try again later',
};

/**
 * The identity check a journey page asks for: where it stands and, with the embedded method, a
 * photo ID to send into the member's documents (pending until the scheme confirms it).
 */
export function IdentityCheck() {
  const status = useLoad(() => identityApi.status());
  // The check the member has just started, which replaces the status read with the page.
  const [started, setStarted] = useState<IdentityVerification | null>(null);
  const verification = started ?? status.data;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = (new FormData(event.currentTarget).get('identity-file') as File | null) ?? null;
    if (!file || file.size === 0)
      return setErrors([
        { field: 'identity-file', message: 'Select a photo of your passport or driving licence' },
      ]);
    const problem = fileProblem(file, 'identity');
    if (problem) return setErrors([{ field: 'identity-file', message: problem }]);
    setErrors([]);
    setSending(true);
    try {
      const { fileUuid } = await documentsApi.upload(file, {
        documentType: 'Photo ID',
        journeyType: 'identity',
      });
      setStarted(await identityApi.start(fileUuid));
    } catch (error) {
      const code = error instanceof HttpError ? error.codes[0] : undefined;
      setErrors([
        {
          field: 'identity-file',
          message: (code && checkRefusals[code]) || refusalMessage(file.name, code),
        },
      ]);
    } finally {
      setSending(false);
    }
  }

  if (status.failure && !started) return <LoadFailed what="check your identity" load={status} />;
  if (!verification) return <p className="page-loading">Loading...</p>;
  const error = errors[0]?.message;
  const canSend =
    verification.method === 'embedded' &&
    (verification.status === 'not_started' || verification.status === 'failed');
  return (
    <>
      <dl className="summary-list" aria-label="Your proof of identity">
        <div className="summary-row">
          <dt>Proof of identity</dt>
          <dd>{statusText[verification.status]}</dd>
        </div>
        {verification.status === 'failed' && verification.reason && (
          <div className="summary-row">
            <dt>Why</dt>
            <dd>{verification.reason}</dd>
          </div>
        )}
        {verification.documentName && (
          <div className="summary-row">
            <dt>Photo sent</dt>
            <dd>{verification.documentName}</dd>
          </div>
        )}
      </dl>
      {canSend && (
        <form noValidate onSubmit={send}>
          <ErrorSummary errors={errors} />
          <div className={`form-group${error ? ' form-group--error' : ''}`}>
            <label htmlFor="identity-file">Photo of your passport or driving licence</label>
            <FieldMessages id="identity-file" hint="A PDF, JPG, PNG or HEIC, up to 10 MB" error={error} />
            <input
              type="file"
              id="identity-file"
              name="identity-file"
              accept={acceptedEndings('identity')
                .map((ending) => `.${ending}`)
                .join(',')}
              aria-describedby={describedByFor('identity-file', 'hint', error)}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={sending}>
            Send photo
          </button>
        </form>
      )}
    </>
  );
}
