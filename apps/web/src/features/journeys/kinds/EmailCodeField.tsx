import { useCallback, useEffect, useState } from 'react';
import {
  BEREAVEMENT_API_PREFIX,
  BEREAVEMENT_JOURNEY_TYPE,
  emailCodeKind,
  type BereavementEmailCodeSent,
  type EmailCodeQuestion,
} from '@meridian/contracts';
import { http } from '../../../lib/api';
import { TextField as Box } from '../../../components/TextField';
import { messageFor } from '../messages';
import { useJourneyWording } from '../wording';
import { kindAtHand, typed, type FieldProps, type KindFieldModule } from './registry';

const sendCode = () =>
  http.post<BereavementEmailCodeSent>(
    `${BEREAVEMENT_API_PREFIX}/journeys/${BEREAVEMENT_JOURNEY_TYPE}/email-token`,
  );

/**
 * The code emailed to a reporter of a death: sent as the page opens (a code sent under 30 seconds ago
 * stands), with the address it went to and a way to send a new one.
 */
function Field({ question, error }: FieldProps<EmailCodeQuestion>) {
  const [sent, setSent] = useState<BereavementEmailCodeSent | null>(null);
  // The failure is kept, not its words: they are the journey's, which may be read after it.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const wording = useJourneyWording();
  const problem = failure && messageFor(failure.error, wording);
  const send = useCallback(async () => {
    try {
      setSent(await sendCode());
      setFailure(null);
    } catch (error) {
      setFailure({ error });
    }
  }, []);
  useEffect(() => {
    void send();
  }, [send]);
  return (
    <>
      <p role="status">
        {sent
          ? `We have sent a 6-digit code to ${sent.email}. It lasts 15 minutes.`
          : problem
            ? ''
            : 'Sending a code...'}
      </p>
      {problem && <p className="error-message">{problem}</p>}
      <Box
        id={question.key}
        label={question.label}
        hint={question.hint}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        className="input--short"
      />
      <p>
        <button type="button" className="link-button" onClick={() => void send()}>
          Send a new code
        </button>
      </p>
    </>
  );
}

const field: KindFieldModule<EmailCodeQuestion> = {
  loadKind: kindAtHand(emailCodeKind),
  Field,
  fromForm: (form, question) => ({ answerKey: typed(form, question.key) }),
  provesAnswerBefore: true,
};
export default field;
