import { z } from 'zod';
import { isIsoDate, type IsoDate } from './dates';

export const isoDateSchema = z
  .string()
  .refine(isIsoDate, 'a calendar date as YYYY-MM-DD')
  .transform((value) => value as IsoDate);

export const penceSchema = z.number().int().min(0);
/** An annual rate as a fraction: 0.025 is 2.5% a year. */
export const rateSchema = z.number().min(-0.5).max(1);
export const ageSchema = z.number().min(0).max(120);
export const bankHolidayRegionSchema = z.enum(['england-and-wales', 'scotland', 'northern-ireland']);
export const memberStatusSchema = z.enum([
  'ReadyToEnroll',
  'Active',
  'Deferred',
  'Pensioner',
  'Dependent',
  'Undefined',
]);
export const genderSchema = z.enum(['M', 'F', 'U']);
