/** The content access key's public pieces: what pages' visibility rules and cards read. */
export {
  applyTenantRetirementPeriods,
  contentAccessKey,
  forgetContentAccessKey,
  visibilityKeyFromAccessKey,
} from './access-key';
export { clientWordingFlags } from './wording-flags';
