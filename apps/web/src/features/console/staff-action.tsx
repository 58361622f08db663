import { useState } from 'react';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { problemText } from './fields';
import { useStaff } from './staff-context';

/** The roles that act on members' requests (the server checks them too). */
const ACTING_ROLES = ['caseworker', 'team_leader', 'administrator'];

/**
 * What a console page that acts on a list needs: whether this staff member may act, the refusals or
 * the feedback to show, and `run`, which does one action, shows what it answered (or its problem
 * against `field`) and reloads the list.
 */
export function useStaffAction(reload: () => Promise<unknown>) {
  const staff = useStaff();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows the problems a form found before sending: one field's, or several. */
  const refuse = (field: string | FieldError[], message = '') => {
    setDone(null);
    setErrors(typeof field === 'string' ? [{ field, message }] : field);
  };

  const run = async (field: string, work: () => Promise<string>) => {
    setDone(null);
    setErrors([]);
    setBusy(true);
    try {
      setDone(await work());
      await reload();
    } catch (error) {
      setErrors([{ field, message: problemText(error) }]);
    } finally {
      setBusy(false);
    }
  };

  const feedback = (
    <>
      <ErrorSummary errors={errors} />
      {done && (
        <div className="notice" role="status">
          {done}
        </div>
      )}
    </>
  );

  /** The message against one field, for the field to show. */
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  return { canAct: ACTING_ROLES.includes(staff.role), errors, errorFor, busy, refuse, run, feedback };
}
