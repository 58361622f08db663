import './beneficiaries.css';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTenant } from '../../lib/tenant';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { downloadAsActiveRecord } from '../../lib/save-file';
import { formatDate } from '../../lib/format';
import { draftOf, NOMINATION_PDF_NAME, nominationPdfUrl, readNomination } from './api';
import { BeneficiaryCard } from './BeneficiaryList';

export const BENEFICIARIES_PATH = '/beneficiaries';

/** Who the member has nominated, read only, with relationship colours, the PDF and a way to change it. */
export function BeneficiariesPage() {
  const { routes } = useTenant();
  const location = useLocation();
  const saved = (location.state as { changed?: string } | null)?.changed;
  const loaded = useLoad(readNomination);
  const [downloadFailed, setDownloadFailed] = useState(false);
  useDocumentTitle('Your beneficiaries');

  const { nomination, statuses } = loaded.data ?? { nomination: null, statuses: [] };
  const list = nomination ? draftOf(nomination) : [];
  return (
    <>
      <p>
        <Link to={routes.landing}>Back to your pension</Link>
      </p>
      <h1>Your beneficiaries</h1>
      <p role="status">
        {downloadFailed ? 'Your nomination could not be downloaded. Try again later' : (saved ?? '')}
      </p>
      <p>
        Tell the trustees who you would like to receive the lump sum, and your pension if one can be paid, if
        you die. They take your wishes into account when they decide who is paid.
      </p>
      <LoadFailed what="show your beneficiaries" load={loaded} />
      {!nomination && !loaded.failure && <p className="page-loading">Loading your beneficiaries</p>}
      {nomination && list.length === 0 && (
        <>
          <p>You have not nominated anyone yet.</p>
          <Link to={`${BENEFICIARIES_PATH}/change`} className="button">
            Nominate beneficiaries
          </Link>
        </>
      )}
      {nomination && list.length > 0 && (
        <>
          {nomination.nominatedAt && <p>You made this nomination on {formatDate(nomination.nominatedAt)}.</p>}
          <ul className="beneficiary-list">
            {list.map((beneficiary, index) => (
              <BeneficiaryCard key={index} beneficiary={beneficiary} statuses={statuses} />
            ))}
          </ul>
          <div className="button-group">
            <Link to={`${BENEFICIARIES_PATH}/change`} className="button">
              Change your beneficiaries
            </Link>
            <a
              href={nominationPdfUrl()}
              download={NOMINATION_PDF_NAME}
              onClick={(event) => {
                // As the record the member is acting as: a plain link cannot carry the record headers.
                event.preventDefault();
                setDownloadFailed(false);
                downloadAsActiveRecord(nominationPdfUrl(), NOMINATION_PDF_NAME).catch(() =>
                  setDownloadFailed(true),
                );
              }}
            >
              Download your nomination (PDF)
            </a>
          </div>
        </>
      )}
    </>
  );
}
