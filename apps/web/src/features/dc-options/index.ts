/** DC retirement's public pieces: the pot today (the hub, and the content block for My pension). */
export { DcPotToday } from './DcPotToday';
export { DcPotBlock, FundSwitchPreviewBlock } from './blocks';
export { DC_POT_READ } from './dc-api';
