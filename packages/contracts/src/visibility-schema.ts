import { z } from 'zod';
import { visibilityFields, type VisibilityRule } from './visibility';

/** Who may see a block or page, as a small declarative expression over the content access key. */
export const visibilityRuleSchema: z.ZodType<VisibilityRule> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(visibilityRuleSchema) }),
    z.strictObject({ any: z.array(visibilityRuleSchema) }),
    z.strictObject({ not: visibilityRuleSchema }),
    z.strictObject({ field: z.enum(visibilityFields), in: z.array(z.string()).min(1) }),
    z.strictObject({ flag: z.string().min(1) }),
  ]),
);
