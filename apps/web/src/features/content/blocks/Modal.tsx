import { useState } from 'react';
import { useTextResolver } from '../content-context';
import { ContentDialog } from '../dialog';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** A button that opens a dialog of rich text or blocks. */
export function Modal({ block, renderBlocks }: BlockProps<'modal'>) {
  const { text } = useTextResolver();
  const [openedBy, setOpenedBy] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        onClick={(event) => setOpenedBy(event.currentTarget)}
      >
        {text(block.triggerLabel)}
      </button>
      {openedBy && (
        <ContentDialog title={text(block.title)} trigger={openedBy} onClose={() => setOpenedBy(null)}>
          {block.html !== undefined ? <RichText html={block.html} /> : renderBlocks(block.blocks ?? [])}
        </ContentDialog>
      )}
    </>
  );
}
