import { and, asc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { isValid as isPostcode, toNormalised } from 'postcode';
import { z } from 'zod';
import { addressSuggestionSchema, type AddressSuggestion } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { lookupAddresses, type MemberAddress } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Finds addresses as the member types; a Container (a block of flats) is searched again by its id. */
export interface AddressLookup {
  search(text: string, container?: string): Promise<AddressSuggestion[]>;
  /** The full address of an Address suggestion, or null when there is none with this id. */
  address(id: string): Promise<(MemberAddress & { id: string }) | null>;
}

const RESULT_LIMIT = 20;
const lookupAddressSchema = z.object({
  id: z.string(),
  lines: z.array(z.string()).min(1).max(4),
  town: z.string(),
  county: z.string().nullable().default(null),
  postcode: z.string(),
  countryCode: z.string().length(2),
});
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The embedded lookup: the sample (or imported) addresses in the database. */
export function databaseAddressLookup(db: Database): AddressLookup {
  return {
    async search(text, container) {
      let where: SQL | undefined;
      if (container) {
        where = eq(lookupAddresses.containerId, container);
      } else {
        const trimmed = text.trim();
        const postcodeMatch = isPostcode(trimmed)
          ? eq(lookupAddresses.postcode, toNormalised(trimmed)!)
          : undefined;
        const words = trimmed.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
        const wordsMatch = and(
          ...words.map((word) => ilike(lookupAddresses.searchText, `%${escapeLike(word)}%`)),
        );
        where = and(
          isNull(lookupAddresses.containerId),
          postcodeMatch ? or(postcodeMatch, wordsMatch) : wordsMatch,
        );
      }
      const rows = await db
        .select()
        .from(lookupAddresses)
        .where(where)
        .orderBy(asc(lookupAddresses.postcode), asc(lookupAddresses.id))
        .limit(RESULT_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        text: row.lines.join(', '),
        description: `${row.town} ${row.postcode}${row.kind === 'Container' ? ' (several addresses)' : ''}`,
      }));
    },
    async address(id) {
      const [row] = await db
        .select()
        .from(lookupAddresses)
        .where(and(eq(lookupAddresses.id, id), eq(lookupAddresses.kind, 'Address')));
      return row
        ? {
            id: row.id,
            lines: row.lines,
            town: row.town,
            county: row.county,
            postcode: row.postcode,
            countryCode: row.countryCode,
          }
        : null;
    },
  };
}

/**
 * An address service over HTTP, by configuration (ADDRESS_LOOKUP_URL, ADDRESS_LOOKUP_KEY): GET
 * `{url}/search?text=&container=&key=` answers suggestions and GET `{url}/addresses/{id}?key=` an address,
 * in the shapes of this interface (docs/my-details.md).
 */
export function httpAddressLookup(baseUrl: string, key?: string): AddressLookup {
  const call = async (path: string, query: Record<string, string | undefined>) => {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [name, value] of Object.entries({ ...query, key }))
      if (value) url.searchParams.set(name, value);
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (response?.status === 404) return null;
    if (!response?.ok) {
      throw new AppError(
        503,
        'address_lookup_unavailable',
        'We cannot look up addresses right now. Enter your address yourself.',
      );
    }
    return response.json();
  };
  return {
    async search(text, container) {
      return z.array(addressSuggestionSchema).parse((await call('search', { text, container })) ?? []);
    },
    async address(id) {
      const found = await call(`addresses/${encodeURIComponent(id)}`, {});
      return found === null ? null : lookupAddressSchema.parse(found);
    },
  };
}

/** The configured lookup: the address service at ADDRESS_LOOKUP_URL, else the embedded one. */
export const createAddressLookup = (
  config: { ADDRESS_LOOKUP_URL?: string; ADDRESS_LOOKUP_KEY?: string },
  db: Database,
): AddressLookup =>
  config.ADDRESS_LOOKUP_URL
    ? httpAddressLookup(config.ADDRESS_LOOKUP_URL, config.ADDRESS_LOOKUP_KEY)
    : databaseAddressLookup(db);
