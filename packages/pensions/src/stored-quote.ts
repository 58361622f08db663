import type { IsoDate } from './dates';
import type { DbQuote } from './db-quote';
import type { DcQuote } from './dc-quote';
import type { TransferQuote } from './transfer';

export type Quote = DbQuote | DcQuote | TransferQuote;

/** A quote as kept for a member: immutable, numbered, and optionally guaranteed until a date. */
export interface StoredQuote<Q extends Quote = Quote> {
  id: string;
  version: number;
  storedOn: IsoDate;
  guaranteedUntil: IsoDate | null;
  quote: Readonly<Q>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface StoreQuoteOptions<Q extends Quote> {
  id: string;
  storedOn: IsoDate;
  /** Transfer quotes default to their own guarantee; other quotes are unguaranteed unless given a date. */
  guaranteedUntil?: IsoDate | null;
  /** The version this one replaces. */
  previous?: StoredQuote<Q> | null;
}

export function storeQuote<Q extends Quote>(quote: Q, options: StoreQuoteOptions<Q>): StoredQuote<Q> {
  const ownGuarantee = quote.kind === 'transfer' ? quote.guaranteedUntil : null;
  return deepFreeze({
    id: options.id,
    version: (options.previous?.version ?? 0) + 1,
    storedOn: options.storedOn,
    guaranteedUntil: options.guaranteedUntil === undefined ? ownGuarantee : options.guaranteedUntil,
    quote: structuredClone(quote),
  });
}

export function isGuaranteed(stored: StoredQuote, today: IsoDate): boolean {
  return stored.guaranteedUntil !== null && today <= stored.guaranteedUntil;
}

/**
 * The quote to show today: a guaranteed quote keeps its figures; otherwise the figures are recalculated
 * and stored as the next version.
 */
export function currentQuote<Q extends Quote>(
  stored: StoredQuote<Q>,
  today: IsoDate,
  recalculate: () => Q,
): StoredQuote<Q> {
  if (isGuaranteed(stored, today)) return stored;
  return storeQuote(recalculate(), { id: stored.id, storedOn: today, previous: stored });
}
