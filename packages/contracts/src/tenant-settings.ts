import type { TenantContent, TenantFeature } from './content';

/** Whether a tenant offers a feature: everything is on unless switched off. */
export const featureEnabled = (
  tenant: { features?: Partial<Record<TenantFeature, boolean>> },
  feature: TenantFeature,
) => tenant.features?.[feature] !== false;

/** Life-stage periods a tenant leaves at their defaults: 5 years of pre-retirement, 3 months newly retired. */
export const DEFAULT_RETIREMENT_PERIODS = Object.freeze({ preRetirementAgePeriod: 5, newlyRetiredRange: 3 });

/** The tenant's pre-retirement period (years) and newly-retired range (months), its defaults filled in. */
export const retirementPeriodsOf = (
  tenant: Partial<Pick<TenantContent, 'preRetirementAgePeriod' | 'newlyRetiredRange'>>,
) => ({
  preRetirementAgePeriod: tenant.preRetirementAgePeriod ?? DEFAULT_RETIREMENT_PERIODS.preRetirementAgePeriod,
  newlyRetiredRange: tenant.newlyRetiredRange ?? DEFAULT_RETIREMENT_PERIODS.newlyRetiredRange,
});

/** Fraud defences a tenant leaves at their defaults: codes to routes unchanged for 30 days, 7 days of cooling-off. */
export const DEFAULT_CHANGE_DEFENCES = Object.freeze({ stableRouteDays: 30, coolingOffDays: 7 });

export const changeDefencesOf = (tenant: Partial<Pick<TenantContent, 'changeDefences'>> | null) => ({
  stableRouteDays: tenant?.changeDefences?.stableRouteDays ?? DEFAULT_CHANGE_DEFENCES.stableRouteDays,
  coolingOffDays: tenant?.changeDefences?.coolingOffDays ?? DEFAULT_CHANGE_DEFENCES.coolingOffDays,
});
