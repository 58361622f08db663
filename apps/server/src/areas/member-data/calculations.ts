import {
  CalculationError,
  CalculationProviderError,
  createHttpCalculationProvider,
  createLocalCalculationProvider,
  type CalculationProvider,
} from '@meridian/pensions';
import type { Config } from '../../config';
import type { members } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The built-in engine, or the administrator's calculation API when CALCULATION_API_URL is set. */
export function createCalculationProvider(config: Pick<Config, 'CALCULATION_API_URL'>): CalculationProvider {
  return config.CALCULATION_API_URL
    ? createHttpCalculationProvider({ baseUrl: config.CALCULATION_API_URL, fetch })
    : createLocalCalculationProvider();
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
    benefits: member.benefits,
  };
}

/** A rule the engine could not satisfy is the member's request being out of range: a 400 with its code. */
export async function calculated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof CalculationError) throw new AppError(400, error.code, error.message);
    if (error instanceof CalculationProviderError) {
      throw new AppError(
        503,
        'calculation_unavailable',
        'We cannot work out your figures right now. Try again later.',
      );
    }
    throw error;
  }
}
