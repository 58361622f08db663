import { createContext, useContext, useMemo } from 'react';
import { publicVisibilityKey, type VisibilityKey } from '@meridian/contracts';
import type { ButtonActions } from './actions';
import { createTextResolver, noTexts, type TextResolver, type TextSources } from './tokens';

/** What the page gives its blocks: texts for placeholders, who is reading, and the button actions on offer. */
export interface ContentContextValue extends TextSources {
  accessKey: VisibilityKey;
  /** The answers of the page's data sources by their `dataSourceUrl` (null where the request failed). */
  dataSources: Readonly<Record<string, unknown>>;
  /** Custom button actions by key; a button whose action is not here is logged and skipped. */
  actions: ButtonActions;
  /** Shows a placeholder where a block was skipped (development only). */
  showSkippedBlocks: boolean;
  /** The member's figures could not be worked out: blocks that say so show their other wording. */
  figuresUnavailable: boolean;
}

export const publicContent: ContentContextValue = {
  ...noTexts,
  accessKey: publicVisibilityKey,
  dataSources: {},
  actions: {},
  showSkippedBlocks: import.meta.env.DEV,
  figuresUnavailable: false,
};

export const ContentContext = createContext<ContentContextValue>(publicContent);

export const useContent = () => useContext(ContentContext);

/** Placeholders resolved for a block; `dataSourceUrl` is the block's own, for `[[data-…:path]]`. */
export function useTextResolver(dataSourceUrl?: string): TextResolver {
  const { labels, tokens, modals, tooltips, dataSources } = useContent();
  const data = dataSourceUrl === undefined ? undefined : dataSources[dataSourceUrl];
  return useMemo(
    () => createTextResolver({ labels, tokens, modals, tooltips }, data),
    [labels, tokens, modals, tooltips, data],
  );
}

/**
 * A block's wording for this member: while their figures are unavailable, its `figuresUnavailableHtml` where it
 * has one (`hidden` when that is empty), otherwise its usual `html`.
 */
export function useFiguresWording(html: string | undefined, figuresUnavailableHtml: string | undefined) {
  const { figuresUnavailable } = useContent();
  if (!figuresUnavailable || figuresUnavailableHtml === undefined)
    return { hidden: false, html, withFigures: true };
  return {
    hidden: figuresUnavailableHtml.trim() === '',
    html: figuresUnavailableHtml,
    withFigures: false,
  };
}
