import { useState, type FormEvent } from 'react';
import type { CodeChannel, CodeRoute } from '@meridian/contracts';
import { describedByFor, FieldMessages } from './TextField';

export const CODE_ROUTE_FIELD = 'code-route';
export const NO_ROUTE_CHOSEN = 'Choose whether to get a text or an email';

const labelOf = (route: CodeRoute) =>
  route.channel === 'sms' ? `Text me a code to ${route.sentTo}` : `Email me a code to ${route.sentTo}`;

/**
 * Where a code instead of the app's goes, when the member has more than one route on file: GOV.UK radios
 * naming each route as the server masked it, none chosen until the member chooses. Not choosing is
 * reported through `onMissing`, so the page's error summary can list it.
 */
export function CodeRouteChoice({
  routes,
  error,
  busy,
  onSend,
  onMissing,
}: {
  routes: CodeRoute[];
  error?: string;
  busy?: boolean;
  onSend: (channel: CodeChannel) => void;
  onMissing: () => void;
}) {
  const [chosen, setChosen] = useState<CodeChannel | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen) onSend(chosen);
    else onMissing();
  };
  return (
    <form noValidate onSubmit={submit}>
      <div className={`form-group${error ? ' form-group--error' : ''}`}>
        <fieldset aria-describedby={describedByFor(CODE_ROUTE_FIELD, undefined, error)}>
          <legend className="legend">Get a code instead</legend>
          <FieldMessages id={CODE_ROUTE_FIELD} error={error} />
          {routes.map((route, index) => {
            const id = index === 0 ? CODE_ROUTE_FIELD : `${CODE_ROUTE_FIELD}-${route.channel}`;
            return (
              <div className="radio" key={route.channel}>
                <input
                  type="radio"
                  id={id}
                  name={CODE_ROUTE_FIELD}
                  value={route.channel}
                  checked={chosen === route.channel}
                  onChange={() => setChosen(route.channel)}
                />
                <label htmlFor={id}>{labelOf(route)}</label>
              </div>
            );
          })}
        </fieldset>
      </div>
      <button type="submit" className="button button--secondary" disabled={busy}>
        Send the code
      </button>
    </form>
  );
}
