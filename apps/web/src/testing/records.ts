import type { SingleAuthData } from '../lib/session-storage';

/** A sign-in holding two records, acting as the linked one (MER 1000008), as after a switch. */
export const actingAsLinkedRecord: SingleAuthData = {
  hasMultipleRecords: true,
  primaryBgroup: 'MER',
  primaryRefno: '1000007',
  linkedBgroup: 'MER',
  linkedRefno: '1000008',
};

/** How a download address names that linked record, for a link that sends no record headers. */
export const linkedRecordQuery = 'auth-business-group=MER&auth-reference-number=1000008';
