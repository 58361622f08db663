/** A member-data API path whose JSON answer fills a block's `[[data-…:path]]` placeholders. */
export const dataSourceUrlPattern = /^\/mdp-api\/api(\/[\w-]+)+(\?[\w-]+=[\w.-]*(&[\w-]+=[\w.-]*)*)?$/;

/**
 * What the content service delivers in place of a stored block that fails its contract (or whose type
 * it does not know): the reason, for the web's development-only placeholder, and the block's
 * visibility rule, so the marker reaches only the members the block would have.
 */
export const SKIPPED_BLOCK_TYPE = 'skippedBlock';
export type SkippedBlockMarker = {
  type: typeof SKIPPED_BLOCK_TYPE;
  reason: string;
  visibility?: unknown;
};
