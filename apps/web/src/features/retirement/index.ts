/** Retirement's public pieces: the quote picker and planner blocks the content registry renders. */
export { RetirementPlannerBlock, RetirementQuotePickerBlock } from './blocks';
