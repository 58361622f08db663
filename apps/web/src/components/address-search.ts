import { createContext } from 'react';
import type { AddressSuggestion } from '@meridian/contracts';
import { detailsApi, type StoredAddress } from '../lib/details-api';

/** Where the address lookup asks: the member API, or a visitor journey's own calls under its token. */
export interface AddressSearch {
  search(text: string, container: string | undefined, signal: AbortSignal): Promise<AddressSuggestion[]>;
  address(id: string): Promise<StoredAddress>;
}

export const memberAddressSearch: AddressSearch = {
  search: (text, container, signal) => detailsApi.searchAddresses(text, container, signal),
  address: (id) => detailsApi.lookupAddress(id),
};

/** The member's lookup unless a visitor's page provides its own (a report of a death). */
export const AddressSearchContext = createContext<AddressSearch>(memberAddressSearch);
