import { useEffect, type ComponentType } from 'react';
import type { BlockEnvelope } from '@meridian/contracts';

/**
 * The block registry: content block type → component. Deliberately minimal for the foundation; the
 * content work replaces it with the full set. Rich text is shown as plain-text paragraphs: the HTML is
 * parsed in an inert document and only its text is rendered, never the markup.
 */

const skippedElements = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'SVG', 'MATH']);
const blockElements = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION',
  'SUMMARY', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);

/** The text of an HTML fragment as paragraphs: block elements split paragraphs, every tag is dropped. */
export function htmlToParagraphs(html: string): string[] {
  // DOMParser documents are inert: no scripts run and nothing loads.
  const document = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs: string[] = [''];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        paragraphs[paragraphs.length - 1] += child.textContent ?? '';
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const tag = child.nodeName.toUpperCase();
        if (skippedElements.has(tag)) continue;
        const isBlock = blockElements.has(tag);
        if (isBlock) paragraphs.push('');
        walk(child);
        if (isBlock) paragraphs.push('');
      }
    }
  };
  walk(document.body);
  return paragraphs.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

function RichTextBlock({ block }: { block: BlockEnvelope }) {
  const html = typeof block.html === 'string' ? block.html : '';
  return htmlToParagraphs(html).map((paragraph, index) => <p key={index}>{paragraph}</p>);
}

export const blockRegistry: Record<string, ComponentType<{ block: BlockEnvelope }>> = {
  richText: RichTextBlock,
};

/** Unknown blocks are logged; in development they show a visible placeholder, in production nothing. */
function UnknownBlock({ block, visible }: { block: BlockEnvelope; visible: boolean }) {
  useEffect(() => {
    console.warn(`Content block of unknown type "${block.type}" was not rendered`);
  }, [block.type]);
  if (!visible) return null;
  return (
    <p className="unknown-block">
      <strong>Development only:</strong> no component for content block type &ldquo;{block.type}&rdquo;.
    </p>
  );
}

export function BlockView({ block, showUnknown = import.meta.env.DEV }: { block: BlockEnvelope; showUnknown?: boolean }) {
  const Component = Object.hasOwn(blockRegistry, block.type) ? blockRegistry[block.type] : undefined;
  if (!Component) return <UnknownBlock block={block} visible={showUnknown} />;
  return <Component block={block} />;
}
