/** Content's public pieces: rendering blocks, the texts and links pages resolve, and the page data. */
import { rareBlocks } from './rare-blocks';

export { usePageActions } from './actions';
export type { BlockProps } from './block-props';
export { PageBlocks } from './block-renderer';
export { ContentContext, publicContent, useContent, useTextResolver } from './content-context';
export { globalsAndTokens, textsOf, type ContentPageData } from './content-loader';
export { GlobalMessage } from './GlobalMessage';
export { internalPath, PageLink, useLinkHref } from './links';
export { createTextResolver, noTexts, type TextSources } from './tokens';
/** The chart block, loaded when first drawn. */
export const Chart = rareBlocks.chart.component;
