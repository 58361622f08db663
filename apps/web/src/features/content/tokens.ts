/** Where placeholders in content text come from: the tenant's labels and the member's data. */
export interface TextSources {
  labels: Readonly<Record<string, string>>;
  tokens: Readonly<Record<string, string>>;
}

/** Resolves `[[label:key]]` and `[[token:name]]` placeholders in content text. */
export interface TextResolver {
  /** A label by key; a missing label reads `[[key]]` so the gap is visible. */
  label(key: string): string;
  /** Rich text with its placeholders filled; still to be sanitised. */
  html(source: string): string;
  /** Plain text: placeholders filled and any HTML tags stripped. */
  text(source: string): string;
}

const lowerCaseKeys = (record: Readonly<Record<string, string>>) =>
  new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));

/** Removes HTML tags from text that is shown as plain text (spec: text containing tags is stripped of them). */
export const stripTags = (source: string) => source.replace(/<\/?[a-z][^>]*>/gi, '');

/** Lookups ignore case. Labels may hold tokens; an unknown token is left as it is. */
export function createTextResolver({ labels, tokens }: TextSources): TextResolver {
  const labelIndex = lowerCaseKeys(labels);
  const tokenIndex = lowerCaseKeys(tokens);
  const fillTokens = (source: string) =>
    source.replace(
      /\[\[token:([^\]]+)\]\]/g,
      (placeholder, name: string) => tokenIndex.get(name.toLowerCase()) ?? placeholder,
    );
  const label = (key: string) => {
    const text = labelIndex.get(key.toLowerCase());
    return text === undefined ? `[[${key}]]` : fillTokens(text);
  };
  const html = (source: string) =>
    fillTokens(source.replace(/\[\[label:([^\]]+)\]\]/g, (_, key: string) => label(key)));
  return { label, html, text: (source) => stripTags(html(source)) };
}
