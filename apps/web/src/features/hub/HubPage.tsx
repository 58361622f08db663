import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { featureEnabled } from '@meridian/contracts';
import { useTenant } from '../../app/tenant';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { memberApi, type LinkedRecord, type PersonalDetails } from '../../lib/api';
import { usePageActions } from '../content/actions';
import { PageBlocks } from '../content/block-renderer';
import { ContentContext, publicContent } from '../content/content-context';
import type { ContentPageData } from '../content/content-loader';
import { createTextResolver } from '../content/tokens';
import { MemberAlerts } from '../my-details/MemberAlerts';
import { RecordPicker } from './RecordPicker';
import { RetirementSummary } from './RetirementSummary';
import { HubRequests } from '../journeys/HubRequests';
import './hub.css';

/**
 * The signed-in landing page: a summary of the record shown, then the hub page's content (its alerts
 * and a task card per capability, each chosen and given its status by the member's access key and data).
 */
export function HubPage() {
  const { page, accessKey, texts, dataSources, figuresUnavailable } = useLoaderData() as ContentPageData;
  const title = page ? createTextResolver(texts).text(page.title) : 'Your pension';
  useDocumentTitle(title);
  const { tenant } = useTenant();
  const revalidator = useRevalidator();
  const actions = usePageActions();
  const content = useMemo(
    () => ({ ...publicContent, ...texts, accessKey, dataSources, actions, figuresUnavailable }),
    [accessKey, texts, dataSources, actions, figuresUnavailable],
  );
  // Drawn in full at once when the reads started with the page's content have been answered.
  const [answered] = useState(memberApi.hubAnswered);
  const [details, setDetails] = useState<PersonalDetails | null>(answered?.details ?? null);
  const [records, setRecords] = useState<LinkedRecord[]>(answered?.records ?? []);

  const load = useCallback(async () => {
    const [personal, linked] = await Promise.all([memberApi.personalDetails(), memberApi.linkedRecords()]);
    setDetails(personal);
    setRecords(linked.members);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const afterSwitch = useCallback(async () => {
    await Promise.all([load(), revalidator.revalidate()]);
  }, [load, revalidator]);

  if (!details) return <p className="page-loading">Loading...</p>;
  return (
    <ContentContext.Provider value={content}>
      <h1>{title}</h1>
      <p className="lead">Welcome, {details.name}.</p>
      {records.length > 1 && featureEnabled(tenant, 'linkedRecords') && (
        <RecordPicker records={records} shownReference={details.referenceNumber} onSwitched={afterSwitch} />
      )}
      <MemberAlerts recordKey={details.referenceNumber} />
      <RetirementSummary details={details} />
      <HubRequests referenceNumber={details.referenceNumber} />
      {page && <PageBlocks key={details.referenceNumber} blocks={page.blocks} />}
    </ContentContext.Provider>
  );
}
