/** Retirement's public pieces: the quote picker, planner and service blocks the content registry renders. */
export { DbServiceBlock, RetirementPlannerBlock, RetirementQuotePickerBlock } from './blocks';
