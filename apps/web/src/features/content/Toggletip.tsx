import { useEffect, useRef, useState } from 'react';

/**
 * A toggletip: a button that shows a short text until the member dismisses it (the button again,
 * Escape, or a press elsewhere). It opens on a press rather than on hover or focus, so it stays while
 * the pointer moves over it (WCAG 1.4.13), and its text is announced through a live region.
 */
export function Toggletip({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes the open tip only: caught first and cancelled, it does not also close a dialog around it.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape, { capture: true });
    };
  }, [open]);
  return (
    <span className="toggletip" ref={root}>
      <button
        type="button"
        className="toggletip__button"
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">More information</span>
      </button>
      <span role="status" className="toggletip__status">
        {open && <span className="toggletip__bubble">{text}</span>}
      </span>
    </span>
  );
}
