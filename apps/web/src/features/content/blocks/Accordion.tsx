import { useId, useState } from 'react';
import { useTextResolver } from '../content-context';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** Sections that open and close: each heading holds a button with aria-expanded. */
export function Accordion({ block, renderBlocks }: BlockProps<'accordion'>) {
  const { text } = useTextResolver();
  const id = useId();
  const [open, setOpen] = useState(() => block.items.map((item) => item.open ?? false));
  const Heading = `h${block.headingLevel ?? 2}` as const;
  const toggle = (index: number) =>
    setOpen((current) => current.map((isOpen, at) => (at === index ? !isOpen : isOpen)));

  return (
    <div className="accordion">
      {block.items.map((item, index) => (
        <div key={index} className="accordion__section">
          <Heading className="accordion__heading">
            <button
              type="button"
              className="accordion__button"
              aria-expanded={open[index]}
              aria-controls={`${id}-${index}`}
              onClick={() => toggle(index)}
            >
              {text(item.heading)}
            </button>
          </Heading>
          <div id={`${id}-${index}`} className="accordion__content" hidden={!open[index]}>
            {item.html !== undefined ? <RichText html={item.html} /> : renderBlocks(item.blocks ?? [])}
          </div>
        </div>
      ))}
    </div>
  );
}
