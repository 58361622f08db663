import {
  CalculationError,
  getSchemeConfig,
  isoDate,
  retirementDatesAges,
  type IsoDate,
  type MemberStatus,
} from '@meridian/pensions';
import type { ContentAccessKeyPayload } from '@meridian/contracts';
import type { members, schemes } from '../../db/schema';

type MemberRow = typeof members.$inferSelect;
type SchemeRow = typeof schemes.$inferSelect;

export interface AccessKeyRequest {
  tenantUrl: string;
  today: IsoDate;
  preRetirementAgePeriodInYears: number;
  newlyRetiredRangeInMonths: number;
  basicMode: boolean;
  recordCount: number;
}

const hasAvcs = (benefits: Record<string, unknown>) =>
  typeof benefits.avcFundPence === 'number' && benefits.avcFundPence > 0;

/** Flags every key carries, in basic mode too: linked records, scheme and category. */
function basicWordingFlags(member: MemberRow, recordCount: number): string[] {
  return [
    ...(recordCount > 1 ? ['HASLINKEDMEMBER'] : []),
    `scheme_${member.schemeCode}`,
    `category_${member.category}`,
  ];
}

/** The attributes of a member the content service may personalise on (existing-portal c.1, c.3). */
export function buildAccessKeyPayload(
  member: MemberRow,
  scheme: SchemeRow,
  request: AccessKeyRequest,
): ContentAccessKeyPayload {
  const flags = basicWordingFlags(member, request.recordCount);
  const base: ContentAccessKeyPayload = {
    tenantUrl: request.tenantUrl,
    basicMode: request.basicMode,
    schemeType: null,
    schemeCode: null,
    category: null,
    memberStatus: null,
    lifeStage: null,
    dcLifeStage: null,
    retirementApplicationStatus: null,
    transferApplicationStatus: null,
    isCalculationSuccessful: null,
    hasAdditionalContributions: false,
    dbCalculationStatus: null,
    currentAge: null,
    wordingFlags: flags,
  };
  if (request.basicMode) return base;

  const full: ContentAccessKeyPayload = {
    ...base,
    schemeType: scheme.type,
    schemeCode: scheme.code,
    category: member.category,
    memberStatus: member.status,
    hasAdditionalContributions: hasAvcs(member.benefits),
    transferApplicationStatus:
      scheme.type === 'DB' && member.status === 'Deferred' ? 'NotStartedTA' : 'UnavailableTA',
  };
  try {
    const summary = retirementDatesAges(
      {
        status: member.status as MemberStatus,
        dateOfBirth: isoDate(member.dateOfBirth),
        gender: member.gender,
        dateRetired: member.dateRetired ? isoDate(member.dateRetired) : null,
        targetRetirementAge:
          typeof member.benefits.targetRetirementAge === 'number' ? member.benefits.targetRetirementAge : null,
      },
      getSchemeConfig(scheme.code, request.today),
      {
        today: request.today,
        preRetirementAgePeriodInYears: request.preRetirementAgePeriodInYears,
        newlyRetiredRangeInMonths: request.newlyRetiredRangeInMonths,
      },
    );
    return {
      ...full,
      lifeStage: summary.lifeStage,
      dcLifeStage: summary.dcLifeStage,
      retirementApplicationStatus: summary.retirementApplicationStatus,
      isCalculationSuccessful: true,
      currentAge: summary.currentAge,
      wordingFlags: [...flags, summary.nmpaBand],
    };
  } catch (error) {
    if (!(error instanceof CalculationError)) throw error;
    return {
      ...full,
      lifeStage: 'Undefined',
      retirementApplicationStatus: 'Undefined',
      isCalculationSuccessful: false,
      dbCalculationStatus: error.code,
    };
  }
}
