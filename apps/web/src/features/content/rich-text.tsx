import DOMPurify from 'dompurify';
import { createElement, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onFirstUse } from '../../lib/format';
import { useTextResolver } from './content-context';
import { ContentDialog } from './dialog';
import { internalPath } from './links';
import { Toggletip } from './Toggletip';
import type { TextResolver } from './tokens';

const allowedTags = (
  'p br strong b em i small sub sup abbr span a ul ol li dl dt dd h1 h2 h3 h4 h5 h6 blockquote hr ' +
  'table caption thead tbody tfoot tr th td'
).split(' ');
const allowedAttributes = ['href', 'title', 'lang', 'dir', 'colspan', 'rowspan', 'scope'];
/** The attributes rendered (the allowed ones and `rel`, which only the sanitiser sets), as React props. */
const attributeProps: Record<string, string> = {
  ...Object.fromEntries(allowedAttributes.map((name) => [name, name])),
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  rel: 'rel',
};
/** Elements whose whitespace text React must not render (it is not allowed there). */
const noTextInside = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'UL', 'OL', 'DL']);

/** `[[modal:key]]` and `[[tooltip:key]]`: placeholders the renderer turns into controls. */
const controlPlaceholder = /(\[\[(?:modal|tooltip):[^\]]+\]\])/i;
const controlParts = /^\[\[(modal|tooltip):([^\]]+)\]\]$/i;
/** Any other placeholder still in the text once labels, tokens and data are filled. */
const unresolvedPlaceholder = /\[\[(?!(?:modal|tooltip):)[^\]]*\]\]/i;

const purifyOptions = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: allowedAttributes,
  RETURN_DOM: true,
} as const;
/**
 * An instance of our own, so that its hook applies to content only. Made on first use: creating and
 * configuring it is a long task on a slow phone, which loading the block renderer need not wait for.
 */
const purifier = onFirstUse(() => {
  const instance = DOMPurify(window);
  // Set once, so each sanitize call skips parsing the options again (passed there too: its types read
  // RETURN_DOM from them).
  instance.setConfig(purifyOptions);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href') && isOtherOrigin(node.getAttribute('href')!)) {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return instance;
});

/** A link away from this site: not a path on it, nor an http or https address on its host. */
function isOtherOrigin(href: string): boolean {
  try {
    return internalPath(new URL(href, window.location.href).href) === undefined;
  } catch {
    return true;
  }
}

const isEmpty = (element: Element) => (element.textContent ?? '').trim() === '';

/**
 * Content HTML made safe and tidy, as a detached element: a small set of tags and attributes, links
 * to other origins with `rel="noopener noreferrer"`, no second h1 (the page has one), and no list item
 * with an unresolved placeholder, no empty paragraph or list item, and no list left empty.
 */
function sanitisedBody(html: string): HTMLElement {
  const body = purifier().sanitize(html, purifyOptions) as HTMLElement;
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const replacement = document.createElement('h2');
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  for (const item of Array.from(body.querySelectorAll('li')))
    if (unresolvedPlaceholder.test(item.textContent ?? '')) item.remove();
  // Innermost first, so that an item emptied by the removals above goes too.
  for (const element of Array.from(body.querySelectorAll('p, li')).reverse())
    if (isEmpty(element)) element.remove();
  for (const list of Array.from(body.querySelectorAll('ul, ol')))
    if (!list.querySelector('li')) list.remove();
  return body;
}

export function sanitiseHtml(html: string): string {
  return sanitisedBody(html).innerHTML;
}

/** Renders text, turning `[[modal:…]]` and `[[tooltip:…]]` into controls; a missing key shows `[[key]]`. */
type TextRenderer = (text: string) => ReactNode[];

function toReact(node: Node, key: number, renderText: TextRenderer): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return renderText(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const props: Record<string, unknown> = { key };
  for (const attribute of Array.from(element.attributes)) {
    const prop = attributeProps[attribute.name];
    if (prop) props[prop] = attribute.value;
  }
  const children = Array.from(element.childNodes)
    .filter((child) => !(noTextInside.has(element.tagName) && child.nodeType === Node.TEXT_NODE))
    .map((child, index) => toReact(child, index, renderText));
  return createElement(element.tagName.toLowerCase(), props, ...(children.length ? [children] : []));
}

interface OpenModal {
  key: string;
  trigger: HTMLElement;
}

function controlsRenderer(resolver: TextResolver, openModal: (modal: OpenModal) => void): TextRenderer {
  return (text) =>
    text.split(controlPlaceholder).map((part, index) => {
      const [, rawKind = '', rawKey = ''] = controlParts.exec(part) ?? [];
      const kind = rawKind.toLowerCase();
      const key = rawKey.trim();
      if (kind === 'tooltip') {
        const tooltip = resolver.tooltip(key);
        return tooltip === undefined ? `[[${key}]]` : <Toggletip key={index} text={resolver.text(tooltip)} />;
      }
      if (kind === 'modal') {
        const modal = resolver.modal(key);
        if (!modal) return `[[${key}]]`;
        return (
          <button
            key={index}
            type="button"
            className="link-button"
            aria-haspopup="dialog"
            onClick={(event) => openModal({ key, trigger: event.currentTarget })}
          >
            {resolver.text(modal.title)}
          </button>
        );
      }
      return part;
    });
}

/**
 * Sanitised rich text with its placeholders filled (`dataSourceUrl` is the block's, for data
 * placeholders). Its links to other pages of this site navigate with the router, without a reload;
 * `[[modal:key]]` opens the globals modal in a dialog and `[[tooltip:key]]` shows a toggletip.
 */
export function RichText({
  html,
  className = '',
  dataSourceUrl,
}: {
  html: string;
  className?: string;
  dataSourceUrl?: string;
}) {
  const resolver = useTextResolver(dataSourceUrl);
  const navigate = useNavigate();
  const [openModal, setOpenModal] = useState<OpenModal | null>(null);
  const nodes = useMemo(() => {
    const body = sanitisedBody(resolver.html(html));
    const renderText = controlsRenderer(resolver, setOpenModal);
    return Array.from(body.childNodes).map((child, index) => toReact(child, index, renderText));
  }, [html, resolver]);
  const modal = openModal && resolver.modal(openModal.key);
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
    <>
      <div className={`rich-text ${className}`.trim()} onClick={followInternalLink}>
        {nodes}
      </div>
      {openModal && modal && (
        <ContentDialog
          title={resolver.text(modal.title)}
          trigger={openModal.trigger}
          onClose={() => setOpenModal(null)}
        >
          <RichText html={modal.html} />
        </ContentDialog>
      )}
    </>
  );
}
