import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTextResolver } from './content-context';

const allowedTags = (
  'p br strong b em i small sub sup abbr span a ul ol li dl dt dd h1 h2 h3 h4 h5 h6 blockquote hr ' +
  'table caption thead tbody tfoot tr th td'
).split(' ');
const allowedAttributes = ['href', 'title', 'lang', 'dir', 'colspan', 'rowspan', 'scope'];

// An instance of our own, so that the hook below applies to content only.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href') && isOtherOrigin(node.getAttribute('href')!)) {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

function isOtherOrigin(href: string): boolean {
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/**
 * Content HTML made safe: a small set of tags and attributes, links to other origins with
 * `rel="noopener noreferrer"`, and no second h1 (the page has one).
 */
export function sanitiseHtml(html: string): string {
  const body = purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    RETURN_DOM: true,
  }) as HTMLElement;
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const replacement = document.createElement('h2');
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  return body.innerHTML;
}

/** Sanitised rich text; its links to other pages of this site navigate with the router, without a reload. */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const resolver = useTextResolver();
  const navigate = useNavigate();
  const safe = useMemo(() => sanitiseHtml(resolver.html(html)), [html, resolver]);
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a');
    if (!link || isOtherOrigin(link.href)) return;
    const url = new URL(link.href);
    const onlyTheHashChanges =
      url.pathname === window.location.pathname && url.search === window.location.search;
    if (onlyTheHashChanges) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return (
    <div
      className={`rich-text ${className}`.trim()}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
