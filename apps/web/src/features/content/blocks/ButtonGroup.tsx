import { ContentButton } from './Button';
import type { BlockProps } from '../block-props';

export function ButtonGroup({ block }: BlockProps<'buttonGroup'>) {
  return (
    <div className="button-group content-button-group">
      {block.buttons.map((button, index) => (
        <ContentButton key={index} button={button} />
      ))}
    </div>
  );
}
