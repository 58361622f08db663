import { http } from './api';
import { activeRecordHeaders, singleAuthData } from './session-storage';

/** How long the browser may take to start saving before the file's object URL is let go. */
const RELEASE_AFTER_MS = 60_000;

/** Hands bytes to the browser as a download under a name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}

/**
 * A download address naming the record the member is acting as, so that the link opened in a new
 * tab or by middle-click (which sends no record headers) still fetches that record's file.
 */
export function asActiveRecord(path: string): string {
  const query = new URLSearchParams(activeRecordHeaders(singleAuthData.read())).toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Downloads a file as the record the member is acting as. A plain link cannot carry the record
 * headers, so after a switch to a linked record it would fetch the primary record's file; the file
 * is fetched through the API client instead and then saved.
 */
export async function downloadAsActiveRecord(path: string, fileName: string) {
  const blob = await http.getFile(path, { headers: activeRecordHeaders(singleAuthData.read()) });
  saveBlob(blob, fileName);
}
