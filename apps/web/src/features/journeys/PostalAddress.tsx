import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { AddressForm } from '../../components/AddressForm';
import { detailsApi, type StoredAddress } from '../../lib/details-api';

const linesOf = (address: StoredAddress) =>
  [...address.lines, address.town, address.county ?? '', address.postcode].filter(
    (line) => line.trim() !== '',
  );

/**
 * The postal address the scheme writes to, on a contact step: shown to confirm, and changed with the
 * My details address lookup (saved to the member's details). With none held it asks for one at once.
 */
export function PostalAddress() {
  const read = useLoad(() => detailsApi.address());
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState<StoredAddress | null>(null);
  const address = saved ?? read.data ?? null;

  if (read.failure) return <LoadFailed what="show your postal address" load={read} />;
  if (read.data === undefined) return <p className="page-loading">Loading...</p>;
  return (
    <section aria-labelledby="postal-address-title" className="postal-address">
      <h2 id="postal-address-title">Your postal address</h2>
      {address ? (
        <p className="address" data-testid="postal-address">
          {linesOf(address).map((line, index) => (
            <span key={index}>
              {line}
              <br />
            </span>
          ))}
        </p>
      ) : (
        <p>We do not hold a postal address for you. Give one before you continue: we write to you there.</p>
      )}
      {saved && (
        <p className="notice" role="status">
          Your postal address has been changed.
        </p>
      )}
      {address && !changing && (
        <button type="button" className="button button--secondary" onClick={() => setChanging(true)}>
          Change your postal address
        </button>
      )}
      {(changing || !address) && (
        <AddressForm
          initial={address}
          submitLabel="Save this address"
          onSubmit={async (typed) => {
            setSaved(await detailsApi.saveAddress(typed));
            setChanging(false);
          }}
        />
      )}
    </section>
  );
}
