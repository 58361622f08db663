import { useEffect, useState } from 'react';
import { evaluateVisibility, type Button } from '@meridian/contracts';
import { useContent, useTextResolver } from '../content-context';
import { ContentLink } from '../links';
import type { BlockProps } from '../block-props';

const classes = {
  primary: 'button',
  secondary: 'button button--secondary',
  warning: 'button button--warning',
  link: 'content-link',
};

/**
 * A link or an action styled as a button. An action that is not for this reader (signing out, for a
 * visitor) leaves the button out. An action unknown here is an authoring mistake: it is logged and the
 * button left out too, since a button that cannot work is no use to a member (in development a
 * visible note takes its place). Every button carries `data-analytics-key` (its `analyticsKey`, or
 * its label).
 */
export function ContentButton({ button }: { button: Button }) {
  const { actions, accessKey, showSkippedBlocks } = useContent();
  const { text } = useTextResolver();
  const [running, setRunning] = useState(false);
  const [actionKey = '', parameter] = (button.action ?? '').split(':');
  const run = button.action ? actions[actionKey] : undefined;
  const visible = evaluateVisibility(button.visibility, accessKey) && run !== null;
  const unavailable = visible && button.action !== undefined && run === undefined;
  useEffect(() => {
    if (unavailable)
      console.warn(`Button action "${button.action}" is unknown here: the button was not rendered`);
  }, [unavailable, button.action]);

  if (!visible) return null;
  const label = text(button.label);
  if (unavailable)
    return showSkippedBlocks ? (
      <span className="unknown-block">
        <strong>Development only:</strong> the button “{label}” has the action “{button.action}”, which is
        unknown here.
      </span>
    ) : null;
  const className = classes[button.variant ?? 'primary'];
  const analyticsKey = button.analyticsKey ?? label;
  if (run) {
    const runAction = async () => {
      setRunning(true);
      try {
        await run(parameter);
      } finally {
        setRunning(false);
      }
    };
    return (
      <button
        type="button"
        className={className}
        data-analytics-key={analyticsKey}
        disabled={running}
        onClick={() => void runAction()}
      >
        {label}
      </button>
    );
  }
  return (
    <ContentLink target={button} className={className} analyticsKey={analyticsKey}>
      {label}
    </ContentLink>
  );
}

export function ButtonBlock({ block }: BlockProps<'button'>) {
  return (
    <p>
      <ContentButton button={block} />
    </p>
  );
}
