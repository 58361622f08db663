import {
  CalculationError,
  CalculationProviderError,
  createHttpCalculationProvider,
  createLocalCalculationProvider,
  type CalculationProvider,
  type SchemeLookup,
} from '@meridian/pensions';
import {
  CALCULATION_NOT_ACCESSIBLE,
  calculationUnavailable,
  type CalculationUnavailable,
} from '@meridian/contracts';
import type { Config } from '../../config';
import type { members } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The built-in engine on the schemes' configuration `schemes`, or the administrator's calculation API when
 * CALCULATION_API_URL is set.
 */
export function createCalculationProvider(
  config: Pick<Config, 'CALCULATION_API_URL'>,
  schemes: SchemeLookup,
): CalculationProvider {
  return config.CALCULATION_API_URL
    ? createHttpCalculationProvider({ baseUrl: config.CALCULATION_API_URL, fetch })
    : createLocalCalculationProvider(schemes);
}

type MemberRow = typeof members.$inferSelect;

/** What the calculation engine needs of a member record. */
export function calculationMember(member: MemberRow) {
  return {
    status: member.status,
    dateOfBirth: member.dateOfBirth,
    gender: member.gender,
    dateLeftScheme: member.dateLeftScheme,
    dateRetired: member.dateRetired,
    protectedPensionAge: member.protectedPensionAge,
    benefits: member.benefits,
  };
}

/**
 * For an action that cannot go ahead without figures. A rule the engine could not satisfy is the member's
 * request being out of range: a 400 with its code. An unreachable provider is a 424 (the action depended on
 * it), never a 5xx: nothing about the member's request or our service failed.
 */
export async function calculated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CalculationError) throw new AppError(400, error.code, error.message);
    if (error instanceof CalculationProviderError) {
      throw new AppError(
        424,
        'calculation_unavailable',
        'We cannot work out your figures right now. Try again later.',
      );
    }
    throw error;
  }
}

/** Figures as a plain object type (so an open response schema accepts them), marked successful. */
type Figures<T> = { [K in keyof T]: T[K] } & { isCalculationSuccessful: true };

/**
 * For figures shown to the member: the figures marked successful, or, when the provider cannot be reached,
 * the 200 answer that says they are unavailable (`calcNotAccessible`). Refusals by the rules stay 400s.
 */
export async function figuresOrUnavailable<T extends object>(
  work: Promise<T>,
): Promise<NoInfer<Figures<T>> | CalculationUnavailable> {
  try {
    return { ...(await work), isCalculationSuccessful: true as const };
  } catch (error) {
    if (error instanceof CalculationProviderError) return calculationUnavailable(CALCULATION_NOT_ACCESSIBLE);
    if (error instanceof CalculationError) throw new AppError(400, error.code, error.message);
    throw error;
  }
}
