import { useEffect, useState } from 'react';
import { judgePassword, passwordScoreLabels, type PasswordJudgement } from '@meridian/contracts';
import { describedByFor, FieldMessages } from './TextField';
import { loadPasswordScorer } from './password-scorer';

interface NewPasswordFieldProps {
  id: string;
  label: string;
  error?: string;
  /** The member's own details the password must not use (the server's user inputs). */
  personalInputs: string[];
}

const HINT = 'Use 12 characters or more. A few unrelated words make a strong password.';

/**
 * A new password with its strength as the member types, scored by the same rule the server applies
 * (contracts account.ts). The scorer and its dictionaries load when the member first types.
 */
export function NewPasswordField({ id, label, error, personalInputs }: NewPasswordFieldProps) {
  const [password, setPassword] = useState('');
  const [judged, setJudged] = useState<PasswordJudgement | null>(null);
  const inputsKey = personalInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadPasswordScorer().then(
      (scorer) => {
        if (current) setJudged(judgePassword(scorer, password, inputsKey ? inputsKey.split('\n') : []));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  const shown = password ? judged : null;
  const describedBy = [describedByFor(id, HINT, error), `${id}-strength`].filter(Boolean).join(' ');
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={HINT} error={error} />
      <input
        id={id}
        name={id}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div id={`${id}-strength`} className="password-strength" aria-live="polite">
        {shown && (
          <>
            <meter
              min={0}
              max={4}
              low={2}
              high={3}
              optimum={4}
              value={shown.score}
              aria-label="Password strength"
            />
            <p className="hint">
              Strength: {passwordScoreLabels[shown.score] ?? 'Very weak'}.{' '}
              {shown.ok ? 'This password will do.' : shown.reason}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
