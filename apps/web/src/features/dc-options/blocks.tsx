import { useSyncExternalStore } from 'react';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import type { BlockProps } from '../content';
import { DcPotToday } from './DcPotToday';
import { FundSwitchPreview } from './FundSwitchPreview';

const recordKeyNow = () => activeRecordKey(singleAuthData.read());

/** The pot block of a content page (My pension), with its history, for the record the member acts as. */
export function DcPotBlock() {
  const recordKey = useSyncExternalStore(singleAuthData.subscribe, recordKeyNow);
  return <DcPotToday recordKey={recordKey} withHistory />;
}

/** What a fund switch would change (the strategy choice and check pages of the switch), for the record acted as. */
export function FundSwitchPreviewBlock({ block }: BlockProps<'fundSwitchPreview'>) {
  const recordKey = useSyncExternalStore(singleAuthData.subscribe, recordKeyNow);
  return <FundSwitchPreview show={block.show} recordKey={recordKey} />;
}
