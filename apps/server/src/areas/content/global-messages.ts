import type { Globals } from '@meridian/contracts';
import type { Database } from '../../db/client';
import type { ApplicationPdf } from '../../lib/pdf/application-pdf';
import { findDocument } from './document-repository';
import { readableText } from './search';

type GlobalMessage = Globals['messages'][number];
/**
 * A globals message with the tenant's labels, for its placeholders, and the values of the `[[token:…]]`
 * placeholders a PDF fills (the member's figures it is about; none given, a line holding one is left out).
 */
export interface FoundMessage {
  message: GlobalMessage;
  labels: Record<string, string>;
  tokens?: Record<string, string>;
}

/** `[[token:name]]` placeholders, for the names a text holds. */
const tokenPlaceholder = /\[\[\s*token\s*:\s*([^\]]*?)\s*\]\]/gi;

/** A message of the tenant's globals by key, with the labels its placeholders may name; null without one. */
export async function globalMessage(
  db: Database,
  tenantUrl: string,
  key: string,
): Promise<FoundMessage | null> {
  const globals = await findDocument<Globals>(db, tenantUrl, 'globals');
  const message = globals?.messages?.find((candidate) => candidate.key === key);
  if (!message) return null;
  const labels = Object.fromEntries(
    (globals?.labels ?? []).map((label) => [label.labelKey, label.labelText]),
  );
  return { message, labels };
}

const entities: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': '’', amp: '&' };

/**
 * Content rich text as the lines of a PDF or a plain-text email: one for each paragraph, heading or list
 * item (items marked with a bullet), a link to another site followed by its address (a printed page
 * cannot be clicked; a path of the portal means nothing there), placeholders as a search result reads them
 * and the `tokens` given filled. A line holding a token not given is left out, as the web leaves out a list
 * item whose placeholder it cannot fill, rather than read with a gap ("over , the law says").
 */
export function richTextLines(
  html: string,
  labels: Readonly<Record<string, string>> = {},
  tokens: Readonly<Record<string, string>> = {},
): string[] {
  const given = new Set(Object.keys(tokens).map((name) => name.toLowerCase()));
  return html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) =>
      href.startsWith('/') || text.includes(href)
        ? text
        : `${text} (${href.replace(/^https?:\/\//, '').replace(/\/$/, '')})`,
    )
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|li|h[1-6]|ul|ol)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (_, name: string) => entities[name]!)
    .split('\n')
    .filter((line) =>
      [...line.matchAll(tokenPlaceholder)].every(([, name]) => given.has(name!.toLowerCase())),
    )
    .map((line) => readableText(line, labels, tokens))
    .filter((line) => line !== '' && line !== '•');
}

/** A globals message as a section of a PDF: its title as the heading and its text line by line. */
export function messagePdfSection({
  message,
  labels,
  tokens = {},
}: FoundMessage): ApplicationPdf['sections'][number] {
  return {
    heading: readableText(message.title ?? '', labels, tokens),
    lines: richTextLines(message.html, labels, tokens).map((value) => ({ label: '', value })),
  };
}
