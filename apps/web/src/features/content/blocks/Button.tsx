import { useEffect } from 'react';
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

/** A link or an action styled as a button; an action the page does not offer is logged and skipped. */
export function ContentButton({ button }: { button: Button }) {
  const { actions, accessKey } = useContent();
  const { text } = useTextResolver();
  const [actionKey = '', parameter] = (button.action ?? '').split(':');
  const run = button.action ? actions[actionKey] : undefined;
  const unavailable = button.action !== undefined && !run;
  useEffect(() => {
    if (unavailable)
      console.warn(`Button action "${button.action}" is not available here: the button was not rendered`);
  }, [unavailable, button.action]);

  if (unavailable || !evaluateVisibility(button.visibility, accessKey)) return null;
  const className = classes[button.variant ?? 'primary'];
  if (run)
    return (
      <button type="button" className={className} onClick={() => run(parameter)}>
        {text(button.label)}
      </button>
    );
  return (
    <ContentLink target={button} className={className}>
      {text(button.label)}
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
