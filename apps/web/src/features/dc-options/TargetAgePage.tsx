import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { targetRetirementAgeRequestSchema, webAppPaths, type TargetRetirementAge } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { checkForm, errorFor, serverError } from '../../lib/form';
import { HttpError } from '../../lib/http/client';
import { PageLink } from '../content';
import { GlidePathNote } from './GlidePathNote';

const TARGET_AGE = '/mdp-api/api/members/current/target-retirement-age';
const FIELD = 'targetRetirementAge';

/**
 * A DC member's target retirement age: the age their projection, and the lifestyle strategy's move into
 * steadier funds, count towards. A change takes effect at once.
 */
export function TargetAgePage() {
  useDocumentTitle('Change your target retirement age');
  const read = useLoad((signal) => http.get<TargetRetirementAge>(TARGET_AGE, { ...recordHeaders(), signal }));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<TargetRetirementAge | null>(null);
  const target = saved ?? read.data;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkForm(targetRetirementAgeRequestSchema, {
      targetRetirementAge: String(new FormData(event.currentTarget).get(FIELD) ?? '').trim(),
    });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    setBusy(true);
    try {
      setSaved(await http.put<TargetRetirementAge>(TARGET_AGE, { ...recordHeaders(), body: checked.value }));
    } catch (error) {
      const own = error instanceof HttpError && error.status === 400 ? error.messages[0] : undefined;
      setErrors([own ? { field: FIELD, message: own } : serverError(error, FIELD)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <p>
        <PageLink pageKeys={['my_pension']}>Back to My pension</PageLink>
      </p>
      <h1>Change your target retirement age</h1>
      <LoadFailed what="show your target retirement age" load={read} />
      {!target && !read.failure && <p className="page-loading">Loading...</p>}
      {saved && (
        <div className="notice notice--success" role="status">
          <p>
            Your target retirement age is now {saved.targetRetirementAge}:{' '}
            {formatDate(saved.targetRetirementDate)}. Your projection counts to that date from now on.
          </p>
        </div>
      )}
      {target && (
        <>
          <p>
            Your target retirement age is {target.targetRetirementAge}, on{' '}
            {formatDate(target.targetRetirementDate)}. It is when we project your pot to, and, in the
            lifestyle strategy, when your pot should have moved into steadier funds. You can still take your
            pension at another age.
          </p>
          <GlidePathNote glidePath={target.glidePath} />
          <form onSubmit={submit} noValidate>
            <TextField
              id={FIELD}
              label="New target retirement age"
              hint={`A whole number of years from ${target.range.min} to ${target.range.max}`}
              inputMode="numeric"
              defaultValue={String(target.targetRetirementAge)}
              error={errorFor(errors, FIELD)}
            />
            <div className="button-group">
              <button type="submit" className="button" disabled={busy}>
                Save target age
              </button>
              <Link to={webAppPaths.dcOptions}>See what your pot could give you</Link>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
