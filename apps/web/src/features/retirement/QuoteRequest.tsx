import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../../lib/tenant';
import { messageFor } from '../journeys';
import { retirementApi } from './retirement-api';

/**
 * Asks the scheme for a formal quote before applying (the journey's `quoteRequest`), then says the
 * request's reference and where to follow it. Asking again while it is open answers the same request.
 */
export function QuoteRequest({ type, title }: { type: string; title: string }) {
  const [caseNumber, setCaseNumber] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const { routes } = useTenant();

  // The button is gone once the request is sent: the confirmation takes the focus.
  useEffect(() => {
    if (caseNumber) confirmation.current?.focus();
  }, [caseNumber]);

  async function send() {
    setSending(true);
    try {
      setCaseNumber((await retirementApi.requestQuote(type)).caseNumber);
      setError(null);
    } catch (failure) {
      setError(messageFor(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="quote-request" aria-labelledby="quote-request-title">
      <h2 id="quote-request-title">Ask us for a formal quote</h2>
      {caseNumber ? (
        <div className="notice" role="status" tabIndex={-1} ref={confirmation}>
          <p>
            We have your {title.toLowerCase()}. Your reference is <strong>{caseNumber}</strong>.
          </p>
          <p>
            We will send your quote to you. You can follow it in{' '}
            <Link to={routes.myRequests}>My requests</Link>.
          </p>
        </div>
      ) : (
        <>
          <p>
            If you want figures checked by the scheme before you decide, we can send you a formal quote. You
            can still apply online afterwards.
          </p>
          {error && (
            <p className="error-message" role="alert">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            onClick={() => void send()}
          >
            Request a formal quote
          </button>
        </>
      )}
    </section>
  );
}
