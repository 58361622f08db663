/** The most reads one batch may carry. */
export const BATCH_LIMIT = 30;

/** The API reads a batch may carry: member data and content, never the authentication API. */
export const BATCHABLE_PREFIXES = ['/mdp-api/api/', '/content-api/api/v2/content/'] as const;

/** The record headers a read may carry of its own (which record of the sign-in it reads). */
export const RECORD_HEADERS = ['auth-business-group', 'auth-reference-number'] as const;
