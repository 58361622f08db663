import { z } from 'zod';

/**
 * Makes an object schema. Content files are read strictly and delivered content tolerantly, so the
 * schemas that serve both are built from one of these.
 */
export type ObjectSchemaFactory = typeof z.object;

/** Delivery: keys the reader does not know are dropped, so older readers cope with newer content. */
export const tolerantObject: ObjectSchemaFactory = z.object;

/** Authoring: a key the schema does not have (a misspelt "tittle") is refused, naming the key. */
export const strictObject = ((shape: z.ZodRawShape) => z.strictObject(shape)) as ObjectSchemaFactory;

/** Requires exactly one of the named fields: a link goes to an address or a page, never both. */
export const exactlyOne =
  (...keys: string[]) =>
  (value: Record<string, unknown>, context: z.RefinementCtx) => {
    if (keys.filter((key) => value[key] !== undefined).length !== 1)
      context.addIssue({ code: 'custom', message: `needs exactly one of ${keys.join(', ')}` });
  };
