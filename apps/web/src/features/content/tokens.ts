import { fillDataTokens } from './data-tokens';
import { unitWordsFrom, type UnitWords } from '../../lib/format';
import { replacePlaceholders } from './placeholders';

/** A dialog opened from rich text by `[[modal:key]]`. */
export interface ModalText {
  title: string;
  html: string;
}

/** Where placeholders in content text come from: the tenant's globals and the member's data. */
export interface TextSources {
  labels: Readonly<Record<string, string>>;
  tokens: Readonly<Record<string, string>>;
  modals: Readonly<Record<string, ModalText>>;
  tooltips: Readonly<Record<string, string>>;
}

export const noTexts: TextSources = { labels: {}, tokens: {}, modals: {}, tooltips: {} };

/** Resolves `[[label:key]]`, `[[token:name]]` and `[[data-…:path]]` placeholders in content text. */
export interface TextResolver {
  /** A label by key; a missing label reads `[[key]]` so the gap is visible. */
  label(key: string): string;
  /** Rich text with its placeholders filled; still to be sanitised. */
  html(source: string): string;
  /** Plain text: placeholders filled and any HTML tags stripped. */
  text(source: string): string;
  /** A globals modal for `[[modal:key]]`, if there is one. */
  modal(key: string): ModalText | undefined;
  /** A globals tooltip's text for `[[tooltip:key]]`, if there is one. */
  tooltip(key: string): string | undefined;
  /** The unit words of periods and yearly amounts, from the tenant's labels. */
  words: UnitWords;
}

const lowerCaseIndexes = new WeakMap<object, Map<string, unknown>>();

/**
 * The record keyed by lower-case keys, made once per record: every block on a page makes a resolver
 * from the same labels, tokens, modals and tooltips.
 */
function lowerCaseKeys<Value>(record: Readonly<Record<string, Value>>): Map<string, Value> {
  let index = lowerCaseIndexes.get(record);
  if (!index) {
    index = new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
    lowerCaseIndexes.set(record, index);
  }
  return index as Map<string, Value>;
}

/** Removes HTML tags from text that is shown as plain text (spec: text containing tags is stripped of them). */
export const stripTags = (source: string) => source.replace(/<\/?[a-z][^>]*>/gi, '');

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Lookups ignore case, and so do the placeholders' names (`[[Label:Key]]`). Labels may hold tokens; an
 * unknown token is left as it is. `data` is the answer of the block's data source, for `[[data-…:path]]`
 * placeholders (undefined: every one shows "-").
 */
export function createTextResolver(sources: TextSources, data?: unknown): TextResolver {
  const labelIndex = lowerCaseKeys(sources.labels);
  const tokenIndex = lowerCaseKeys(sources.tokens);
  const modalIndex = lowerCaseKeys(sources.modals);
  const tooltipIndex = lowerCaseKeys(sources.tooltips);
  const fillTokens = (source: string) =>
    replacePlaceholders(
      source,
      /\[\[token:([^\]]+)\]\]/gi,
      (name) => tokenIndex.get(name!.trim().toLowerCase()) ?? `[[token:${name}]]`,
    );
  const label = (key: string) => {
    const text = labelIndex.get(key.trim().toLowerCase());
    return text === undefined ? `[[${key}]]` : fillTokens(text);
  };
  const words = unitWordsFrom((key) => {
    const text = labelIndex.get(key);
    return text === undefined ? undefined : fillTokens(text);
  });
  const fill = (source: string) =>
    fillTokens(replacePlaceholders(source, /\[\[label:([^\]]+)\]\]/gi, (key) => label(key!)));
  return {
    label,
    html: (source) => fillDataTokens(fill(source), data, escapeHtml, words),
    // Data is text, not markup: tags are stripped before it goes in.
    text: (source) => fillDataTokens(stripTags(fill(source)), data, (text) => text, words),
    modal: (key) => modalIndex.get(key.toLowerCase()),
    tooltip: (key) => tooltipIndex.get(key.toLowerCase()),
    words,
  };
}
