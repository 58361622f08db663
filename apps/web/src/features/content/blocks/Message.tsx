import { useTextResolver } from '../content-context';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

const variantNames = {
  info: 'Information',
  warning: 'Warning',
  success: 'Success',
  problem: 'There is a problem',
};

/** A highlighted message; its kind is spoken too, never shown by colour alone. */
export function Message({ block }: BlockProps<'message'>) {
  const { text } = useTextResolver();
  return (
    <div className={`message message--${block.variant}`}>
      {block.title ? (
        <h2 className="message__title">
          <span className="visually-hidden">{variantNames[block.variant]}: </span>
          {text(block.title)}
        </h2>
      ) : (
        <p className="visually-hidden">{variantNames[block.variant]}</p>
      )}
      <RichText html={block.html} />
    </div>
  );
}
