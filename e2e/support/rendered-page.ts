import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * What axe's WCAG rules can see of the page as rendered, as a short hash: every element with its
 * attributes, whether each text is empty, and the text of style elements. Texts are otherwise left out
 * (names, dates and figures change what a member reads, not what axe checks), and digits in attribute
 * values are made alike (document numbers, chart geometry); identifiers and everything else are kept, so
 * a section shown or hidden, a different label, role, class or style is a different page.
 */
export async function renderedPageKey(page: Page): Promise<string> {
  const shape = await page.evaluate(() => {
    const parts: string[] = [];
    const identifiers = /^(id|for|headers|aria-(labelledby|describedby|controls|owns|activedescendant))$/;
    const walk = (node: Node, inStyle: boolean) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent ?? '';
        if (inStyle) parts.push(text);
        else if (text.trim()) parts.push('#');
        return;
      }
      if (!(node instanceof Element)) return;
      const attributes = Array.from(node.attributes)
        .map(({ name, value }) => `${name}=${identifiers.test(name) ? value : value.replace(/\d+/g, '0')}`)
        .sort();
      parts.push(`<${node.localName} ${attributes.join(' ')}>`);
      for (const child of Array.from(node.childNodes)) walk(child, node.localName === 'style');
      parts.push('</>');
    };
    walk(document.documentElement, false);
    return parts.join('');
  });
  return createHash('sha256').update(shape).digest('hex');
}
