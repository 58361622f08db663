import { useCallback, useMemo, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { featureEnabled } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { memberApi, recordKeyOf } from '../../lib/api';
import {
  ContentContext,
  type ContentPageData,
  createTextResolver,
  PageBlocks,
  publicContent,
  usePageActions,
} from '../content';
import { MemberAlerts } from '../my-details';
import { RecordPicker } from './RecordPicker';
import { RetirementSummary } from './RetirementSummary';
import { HubRequests } from '../cases';
import { DcPotToday } from '../dc-options';
import './hub.css';

async function readMember() {
  const [details, linked] = await Promise.all([memberApi.personalDetails(), memberApi.linkedRecords()]);
  return { details, records: linked.members };
}

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
  const member = useLoad(readMember, { initial: answered });
  const reloadMember = member.reload;

  const afterSwitch = useCallback(async () => {
    await Promise.all([reloadMember(), revalidator.revalidate()]);
  }, [reloadMember, revalidator]);

  if (member.failure)
    return (
      <>
        <h1>{title}</h1>
        <LoadFailed what="show your pension" load={member} />
      </>
    );
  if (!member.data) return <p className="page-loading">Loading...</p>;
  const { details, records } = member.data;
  return (
    <ContentContext.Provider value={content}>
      <h1>{title}</h1>
      <p className="lead">Welcome, {details.name}.</p>
      {records.length > 1 && featureEnabled(tenant, 'linkedRecords') && (
        <RecordPicker records={records} shownReference={details.referenceNumber} onSwitched={afterSwitch} />
      )}
      <MemberAlerts recordKey={recordKeyOf(details)} />
      <RetirementSummary details={details} />
      {details.schemeType === 'DC' && <DcPotToday recordKey={recordKeyOf(details)} />}
      <HubRequests recordKey={recordKeyOf(details)} />
      {page && <PageBlocks key={details.referenceNumber} blocks={page.blocks} />}
    </ContentContext.Provider>
  );
}
