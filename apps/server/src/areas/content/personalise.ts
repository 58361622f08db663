import { evaluateVisibility, visibilityRuleSchema, type VisibilityKey } from '@meridian/contracts';

/** Whether something carrying an optional `visibility` rule is shown for the key; a malformed rule hides. */
export function isVisible(visibility: unknown, key: VisibilityKey): boolean {
  if (visibility === undefined || visibility === null) return true;
  const rule = visibilityRuleSchema.safeParse(visibility);
  return rule.success && evaluateVisibility(rule.data, key);
}

/** Drops, at any depth, every object whose visibility rule does not hold (blocks, columns, tabs, options, menu items). */
export function personalise<T>(content: T, key: VisibilityKey): T {
  if (Array.isArray(content)) {
    return content
      .filter(
        (item) =>
          !(item && typeof item === 'object' && 'visibility' in item) || isVisible(item.visibility, key),
      )
      .map((item) => personalise(item, key)) as T;
  }
  if (content && typeof content === 'object') {
    return Object.fromEntries(
      Object.entries(content).map(([name, value]) => [name, personalise(value, key)]),
    ) as T;
  }
  return content;
}
