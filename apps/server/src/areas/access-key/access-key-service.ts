import {
  ageString,
  CalculationError,
  CalculationProviderError,
  isoDate,
  type CalculationProvider,
  type IsoDate,
  type RetirementJourneyState,
} from '@meridian/pensions';
import { CALCULATION_NOT_ACCESSIBLE, type ContentAccessKeyPayload } from '@meridian/contracts';
import type { members, schemes } from '../../db/schema';
import { accessKeyFactFlags, noAccessKeyFacts, type AccessKeyFacts } from './access-key-facts';
import { calculationMember } from '../member-data/calculations';
import {
  canApplyToTransfer,
  TRANSFER_GUARANTEE_ENDED_FLAG,
  transferApplicationStatusOf,
  transferGuaranteeEnded,
} from '../transfer-application/status';

type MemberRow = typeof members.$inferSelect;
type SchemeRow = typeof schemes.$inferSelect;

export interface AccessKeyRequest {
  tenantUrl: string;
  today: IsoDate;
  preRetirementAgePeriodInYears: number;
  newlyRetiredRangeInMonths: number;
  basicMode: boolean;
  recordCount: number;
  /** The member's online retirement application, when they started one. */
  retirementApplication?: RetirementJourneyState | null;
  /** Journeys, open quote requests and the bank account's country (accessKeyFactsOf); none when left out. */
  facts?: AccessKeyFacts;
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
export async function buildAccessKeyPayload(
  calculations: CalculationProvider,
  member: MemberRow,
  scheme: SchemeRow,
  request: AccessKeyRequest,
): Promise<ContentAccessKeyPayload> {
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
    journeys: [],
    hasOpenQuoteRequests: false,
    bankAccountOutsideUk: false,
    wordingFlags: flags,
  };
  if (request.basicMode) return base;

  const facts = request.facts ?? noAccessKeyFacts;
  const canTransfer = canApplyToTransfer(scheme, member, facts);
  const factFlags = [
    ...accessKeyFactFlags(facts),
    // The hub's transfer card says the guarantee has ended and links to Your transfer value.
    ...(canTransfer && transferGuaranteeEnded(facts.journeys, request.today) ? [TRANSFER_GUARANTEE_ENDED_FLAG] : []),
  ];

  const full: ContentAccessKeyPayload = {
    ...base,
    schemeType: scheme.type,
    schemeCode: scheme.code,
    category: member.category,
    memberStatus: member.status,
    hasAdditionalContributions: hasAvcs(member.benefits),
    transferApplicationStatus: transferApplicationStatusOf(canTransfer, facts.journeys),
    journeys: facts.journeys.map(({ type, status }) => ({ type, status })),
    hasOpenQuoteRequests: facts.hasOpenQuoteRequests,
    bankAccountOutsideUk: facts.bankAccountOutsideUk,
  };
  try {
    const summary = await calculations.retirementDatesAges({
      schemeCode: scheme.code,
      today: request.today,
      member: calculationMember(member),
      preRetirementAgePeriodInYears: request.preRetirementAgePeriodInYears,
      newlyRetiredRangeInMonths: request.newlyRetiredRangeInMonths,
      journey: request.retirementApplication ?? null,
    });
    // ExpiredRA comes from the journey's own status only (existing-portal b.4).
    const expired = request.retirementApplication?.expired && !request.retirementApplication.submitted;
    return {
      ...full,
      lifeStage: summary.lifeStage,
      dcLifeStage: summary.dcLifeStage,
      retirementApplicationStatus: expired ? 'ExpiredRA' : summary.retirementApplicationStatus,
      isCalculationSuccessful: true,
      currentAge: summary.currentAge,
      wordingFlags: [...flags, summary.nmpaBand, ...factFlags],
    };
  } catch (error) {
    // The key is still issued without figures (existing-portal c.1): content says they are unavailable.
    if (!(error instanceof CalculationError || error instanceof CalculationProviderError)) throw error;
    return {
      ...full,
      lifeStage: 'Undefined',
      dcLifeStage: 'undefined',
      retirementApplicationStatus: 'Undefined',
      isCalculationSuccessful: false,
      dbCalculationStatus: error instanceof CalculationError ? error.code : CALCULATION_NOT_ACCESSIBLE,
      currentAge: ageString(isoDate(member.dateOfBirth), request.today),
      wordingFlags: [...flags, 'CalculationFailed', ...factFlags],
    };
  }
}
