import { z } from 'zod';
import { glidePathSchema } from './dc-pot';

/** `GET members/current/target-retirement-age`: the DC target age, its date, and the ages allowed. */
export const targetRetirementAgeSchema = z.object({
  targetRetirementAge: z.number().int(),
  targetRetirementDate: z.string(),
  /** The whole ages the member may choose now (see `targetAgeRange` in packages/pensions). */
  range: z.object({ min: z.number().int(), max: z.number().int() }),
  /** The lifestyle strategy the pot follows to that date and when its move into steadier funds starts. */
  glidePath: glidePathSchema,
});
export type TargetRetirementAge = z.infer<typeof targetRetirementAgeSchema>;

/** `PUT members/current/target-retirement-age`: a whole age, checked against the range on the server. */
export const targetRetirementAgeRequestSchema = z.object({
  targetRetirementAge: z.coerce
    .number({ error: 'Enter your target retirement age as a number, like 60' })
    .int('Enter a whole number of years, like 60')
    .min(18, 'Enter an age of 18 or over')
    .max(120, 'Enter an age of 120 or under'),
});
