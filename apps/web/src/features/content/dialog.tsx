import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { ContentContext, useContent } from './content-context';

/**
 * A native modal dialog, shown while it is mounted: the browser keeps focus inside it and closes it on
 * Escape; focus starts on its title and goes back to `trigger` when it closes. Buttons inside it may use
 * `close-dialog-action`.
 */
export function ContentDialog({
  title,
  trigger,
  onClose,
  children,
}: {
  title: string;
  trigger: HTMLElement | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const content = useContent();
  const close = () => dialog.current?.close();
  const withClose = useMemo(
    () => ({
      ...content,
      actions: { ...content.actions, 'close-dialog-action': () => dialog.current?.close() },
    }),
    [content],
  );
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    heading.current?.focus();
  }, []);
  const closed = () => {
    onClose();
    trigger?.focus();
  };
  return (
    <dialog ref={dialog} className="content-modal" aria-labelledby={titleId} onClose={closed}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <ContentContext.Provider value={withClose}>{children}</ContentContext.Provider>
      <button type="button" className="button button--secondary" onClick={close}>
        Close
      </button>
    </dialog>
  );
}
