import { BEREAVEMENT_API_PREFIX, type AddressSuggestion } from '@meridian/contracts';
import type { AddressSearch } from '../../components/address-search';
import { http } from '../../lib/api';
import type { StoredAddress } from '../../lib/details-api';

const searches = new Map<string, AddressSearch>();

/** A report of a death's address lookup, under its own token (one object per type, for hooks' deps). */
export function reportAddressSearch(type: string): AddressSearch {
  const known = searches.get(type);
  if (known) return known;
  const base = `${BEREAVEMENT_API_PREFIX}/journeys/${encodeURIComponent(type)}/addresses`;
  const made: AddressSearch = {
    search: (text, container, signal) =>
      http.get<AddressSuggestion[]>(`${base}/search`, {
        query: container ? { text, container } : { text },
        signal,
      }),
    address: (id) => http.get<StoredAddress>(`${base}/${encodeURIComponent(id)}`),
  };
  searches.set(type, made);
  return made;
}
