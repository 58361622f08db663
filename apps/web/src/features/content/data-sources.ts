import { dataSourceUrlPattern } from '@meridian/contracts';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

/** Every valid `dataSourceUrl` in a page's blocks, at any depth, once each. */
export function dataSourceUrls(blocks: unknown): string[] {
  const urls = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (key === 'dataSourceUrl' && typeof field === 'string' && dataSourceUrlPattern.test(field))
          urls.add(field);
        else walk(field);
      }
    }
  };
  walk(blocks);
  return [...urls];
}

/**
 * One member-data answer for the chosen record; null when it cannot be had. The server knows the tenant
 * from the host, so the read is the same as the page's own (the hub's alerts, say) and shares its answer.
 */
async function fetchDataSource(url: string, signal: AbortSignal): Promise<unknown> {
  const [path = url, search = ''] = url.split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  return http
    .get<unknown>(path, { query, headers: activeRecordHeaders(singleAuthData.read()), signal })
    .catch((error: unknown) => {
      if (signal.aborted) throw error;
      console.warn(`The data source ${url} could not be read: its placeholders show "-"`, error);
      return null;
    });
}

/** The answers of the page's data sources, by URL, fetched side by side. */
export async function loadDataSources(
  blocks: unknown,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const urls = dataSourceUrls(blocks);
  const answers = await Promise.all(urls.map((url) => fetchDataSource(url, signal)));
  return Object.fromEntries(urls.map((url, index) => [url, answers[index]]));
}
