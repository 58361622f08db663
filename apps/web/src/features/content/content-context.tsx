import { createContext, useContext, useMemo } from 'react';
import { publicVisibilityKey, type VisibilityKey } from '@meridian/contracts';
import { createTextResolver, type TextResolver, type TextSources } from './tokens';

/** What the page gives its blocks: texts for placeholders, who is reading, and the button actions on offer. */
export interface ContentContextValue extends TextSources {
  accessKey: VisibilityKey;
  /** Custom button actions by key; a button whose action is not here is logged and skipped. */
  actions: Readonly<Record<string, (parameter?: string) => void>>;
  /** Shows a placeholder where a block was skipped (development only). */
  showSkippedBlocks: boolean;
}

export const publicContent: ContentContextValue = {
  labels: {},
  tokens: {},
  accessKey: publicVisibilityKey,
  actions: {},
  showSkippedBlocks: import.meta.env.DEV,
};

export const ContentContext = createContext<ContentContextValue>(publicContent);

export const useContent = () => useContext(ContentContext);

export function useTextResolver(): TextResolver {
  const { labels, tokens } = useContent();
  return useMemo(() => createTextResolver({ labels, tokens }), [labels, tokens]);
}
