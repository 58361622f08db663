import { demoPersonas } from '../../apps/server/src/seed/demo-personas';

/**
 * An amount as the web's money rule shows it (docs/content.md, "Money"): whole pounds from £10,000
 * (`£18,750`, `£1,000,000`), to the penny below (`£1,459.70`, `£5.00`). For figures the engine works out.
 */
export const money = String.raw`£(?:\d{2,3}(?:,\d{3})+|\d(?:,\d{3}){2,}|(?:\d{1,3}|\d,\d{3})\.\d{2})`;

/** A benefit of a demo persona's first record, in pence, as the seed data holds it. */
export function personaPence(username: string, benefit: string): number {
  const persona = demoPersonas.find((candidate) => candidate.username === username);
  const value = persona?.records[0]?.benefits[benefit];
  if (typeof value !== 'number') throw new Error(`${username} has no ${benefit} in the demo data`);
  return value;
}
