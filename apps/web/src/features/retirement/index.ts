/** Retirement's public pieces: the quote picker block the content registry renders. */
export { RetirementQuotePickerBlock } from './blocks';
