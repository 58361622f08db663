import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTextResolver } from '../content-context';
import type { BlockProps } from '../block-props';

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home, End) move between tabs and show them. */
export function Tabs({ block, renderBlocks }: BlockProps<'tabs'>) {
  const { text } = useTextResolver();
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const count = block.tabs.length;

  const moveWithKeys = (event: KeyboardEvent) => {
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + count) % count;
    setSelected(index);
    tabs.current[index]?.focus();
  };

  return (
    <div className="tabs">
      <div
        role="tablist"
        aria-label={block.label && text(block.label)}
        className="tabs__list"
        onKeyDown={moveWithKeys}
      >
        {block.tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {text(tab.label)}
          </button>
        ))}
      </div>
      {block.tabs.map((tab, index) => (
        <div
          key={index}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          className="tabs__panel"
          tabIndex={0}
          hidden={index !== selected}
        >
          {renderBlocks(tab.blocks)}
        </div>
      ))}
    </div>
  );
}
