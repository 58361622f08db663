export const ANALYTICS_KEY_ATTRIBUTE = 'data-analytics-key';
/** Clicks inside an element carrying this attribute are not reported (the consent controls). */
export const ANALYTICS_IGNORE_ATTRIBUTE = 'data-analytics-ignore';

const CLICKABLE = [
  `[${ANALYTICS_KEY_ATTRIBUTE}]`,
  'button',
  '[role="button"]',
  'input[type="submit"]',
  'input[type="button"]',
].join(', ');

const MAX_CATEGORY_LENGTH = 100;

const visibleText = (element: Element) =>
  (element instanceof HTMLInputElement ? element.value : (element.textContent ?? ''))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The event category of a click: the nearest element with an analytics key gives its key; a button
 * gives its text (or its accessible name when it shows none). Null when nothing reportable was clicked.
 */
export function buttonClickCategory(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const clicked = target.closest(CLICKABLE);
  if (!clicked || clicked.closest(`[${ANALYTICS_IGNORE_ATTRIBUTE}]`)) return null;
  const category =
    clicked.getAttribute(ANALYTICS_KEY_ATTRIBUTE)?.trim() ||
    visibleText(clicked) ||
    clicked.getAttribute('aria-label')?.trim() ||
    '';
  return category ? category.slice(0, MAX_CATEGORY_LENGTH) : null;
}

/**
 * One listener for the whole document, in the capture phase: it sees the clicked element before the
 * page's own handlers can replace it (as the cookie banner does).
 */
export function listenForButtonClicks(onClick: (category: string) => void, root: Document = document) {
  const listener = (event: Event) => {
    const category = buttonClickCategory(event.target);
    if (category) onClick(category);
  };
  root.addEventListener('click', listener, true);
  return () => root.removeEventListener('click', listener, true);
}
