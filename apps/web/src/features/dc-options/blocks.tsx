import { useSyncExternalStore } from 'react';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import { DcPotToday } from './DcPotToday';

const recordKeyNow = () => activeRecordKey(singleAuthData.read());

/** The pot block of a content page (My pension), with its history, for the record the member acts as. */
export function DcPotBlock() {
  const recordKey = useSyncExternalStore(singleAuthData.subscribe, recordKeyNow);
  return <DcPotToday recordKey={recordKey} withHistory />;
}
