import { useId, useRef } from 'react';
import { useTextResolver } from '../content-context';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** A native modal dialog: focus moves to its title on opening, and back to the trigger on closing. */
export function Modal({ block, renderBlocks }: BlockProps<'modal'>) {
  const { text } = useTextResolver();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const open = () => {
    dialog.current?.showModal();
    title.current?.focus();
  };
  return (
    <>
      <button ref={trigger} type="button" className="link-button" aria-haspopup="dialog" onClick={open}>
        {text(block.triggerLabel)}
      </button>
      <dialog
        ref={dialog}
        className="content-modal"
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
      >
        <h2 id={titleId} ref={title} tabIndex={-1}>
          {text(block.title)}
        </h2>
        {block.html !== undefined ? <RichText html={block.html} /> : renderBlocks(block.blocks ?? [])}
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  );
}
