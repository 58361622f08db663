// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { actingAsLinkedRecord, linkedRecordQuery } from '../../testing/records';
import { busyResponse, jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';

const letter = {
  id: '0b9f7c1e-3a54-4f0e-9a59-1f2d3c4b5a61',
  name: 'annual-statement-2026.pdf',
  type: 'Annual statement',
  kind: 'letter',
  dateReceived: '2026-04-06T09:00:00.000Z',
  isRead: false,
  sizeBytes: 245_300,
  mediaType: 'application/pdf',
  tags: [],
  canDelete: false,
};
const upload = {
  ...letter,
  id: '5d0c8a7e-2b1f-4c3d-8e9f-0a1b2c3d4e5f',
  name: 'passport.png',
  type: 'Photo ID',
  kind: 'upload',
  isRead: true,
  tags: ['identity', 'passport'],
  canDelete: true,
};

function stubLibrary() {
  return stubFetch((url) => {
    if (url.includes('/download')) return new Response('%PDF-1.7', { status: 200 });
    if (url.includes('/documents/types')) return jsonResponse(200, { types: ['Annual statement'] });
    if (url.includes('/members/current/documents'))
      return jsonResponse(200, { items: [letter], pageNumber: 1, pageSize: 8, totalItems: 9, totalPages: 2 });
    return jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] });
  });
}

describe('the document library', () => {
  beforeEach(() => {
    document.cookie = 'accessToken=token-1; path=/';
  });
  afterEach(() => {
    document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    singleAuthData.remove();
    // jsdom has no object URLs; the download test lends them.
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('says when the service is busy and lists the documents when the member tries again', async () => {
    quietConsole();
    let busy = true;
    stubFetch((url) => {
      if (url.includes('/documents/types')) return jsonResponse(200, { types: [] });
      if (busy && url.includes('/members/current/documents')) return busyResponse();
      if (url.includes('/members/current/documents'))
        return jsonResponse(200, {
          items: [letter],
          pageNumber: 1,
          pageSize: 8,
          totalItems: 1,
          totalPages: 1,
        });
      return jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] });
    });
    renderApp('/documents');
    expect(await screen.findByText('Sorry, we cannot show your documents right now.')).toBeTruthy();
    expect(screen.getByText('The service is busy. Wait a few seconds and try again.')).toBeTruthy();
    busy = false;
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '1 document' })).toBeTruthy();
  });

  it('lists documents with their size in base 1000, new ones marked, and pages', async () => {
    quietConsole();
    stubLibrary();
    renderApp('/documents');
    const table = await screen.findByRole('table', { name: '9 documents, page 1 of 2' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'annual-statement-2026.pdf' }).getAttribute('href')).toBe(
      `/mdp-api/api/members/current/documents/${letter.id}/download`,
    );
    expect(row.textContent).toContain('245.3 KB');
    expect(row.textContent).toContain('06 Apr 2026');
    expect(row.textContent).toContain('New');
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/documents?page=2');
  });

  it('sends the filters as the library query and builds the zip address from the selection', async () => {
    quietConsole();
    const fetch = stubLibrary();
    renderApp('/documents?name=statement&status=Unread&sort=Name&order=oldest');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select annual-statement-2026.pdf' }));
    // Reads may travel alone or together in one batch.
    const urls = fetch.mock.calls.flatMap(([url, init]) =>
      url.endsWith('/batch')
        ? (JSON.parse(String(init.body)) as { requests: Array<{ path: string }> }).requests.map(
            (read) => read.path,
          )
        : [url],
    );
    const listCall = urls.find((url) => url.includes('documents?'))!;
    const sent = new URL(listCall, 'http://localhost').searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      name: 'statement',
      documentReadStatus: 'Unread',
      propertyName: 'Name',
      ascending: 'true',
      pageNumber: '1',
    });
    expect(screen.getByRole('link', { name: 'Download 1 selected as a zip file' }).getAttribute('href')).toBe(
      `/mdp-api/api/members/current/documents/zip?ids=${letter.id}`,
    );
  });

  it('refuses a date that is not real before asking the server', async () => {
    quietConsole();
    const fetch = stubLibrary();
    renderApp('/documents');
    await screen.findByRole('table');
    const before = fetch.mock.calls.length;
    const from = screen.getByRole('group', { name: 'Received from' });
    fireEvent.change(within(from).getByLabelText('Day'), { target: { value: '30' } });
    fireEvent.change(within(from).getByLabelText('Month'), { target: { value: '2' } });
    fireEvent.change(within(from).getByLabelText('Year'), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show documents' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Received from must be a real date');
    expect(fetch.mock.calls.length).toBe(before);
  });

  it('says in words how long a name filter may be', async () => {
    quietConsole();
    const fetch = stubLibrary();
    renderApp('/documents');
    await screen.findByRole('table');
    const before = fetch.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Name contains'), { target: { value: 'x'.repeat(61) } });
    fireEvent.click(screen.getByRole('button', { name: 'Show documents' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Name contains must be 60 characters or fewer',
    );
    expect(fetch.mock.calls.length).toBe(before);
  });

  it('downloads as the linked record the member switched to, marking the document read', async () => {
    quietConsole();
    const fetch = stubLibrary();
    singleAuthData.write(actingAsLinkedRecord);
    const saved = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() });
    renderApp('/documents');
    const link = await screen.findByRole('link', { name: 'annual-statement-2026.pdf' });
    // Opened in a new tab (no record headers), the address itself names the linked record.
    expect(link.getAttribute('href')).toBe(
      `/mdp-api/api/members/current/documents/${letter.id}/download?${linkedRecordQuery}`,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select annual-statement-2026.pdf' }));
    expect(screen.getByRole('link', { name: 'Download 1 selected as a zip file' }).getAttribute('href')).toBe(
      `/mdp-api/api/members/current/documents/zip?ids=${letter.id}&${linkedRecordQuery}`,
    );
    fireEvent.click(link);
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([called]) => called.includes('/download'))!;
    expect(url).toBe(`/mdp-api/api/members/current/documents/${letter.id}/download?${linkedRecordQuery}`);
    expect((init.headers as Headers).get('auth-reference-number')).toBe('1000008');
    await vi.waitFor(() => expect(screen.queryByText('New')).toBeNull());
  });

  /** The library listing these documents, whose tags can be saved. */
  const stubTagsFetch = (items: unknown[]) =>
    stubFetch((url, init) => {
      if (url.endsWith('/tags') && init.method === 'PUT') return jsonResponse(200, {});
      if (url.includes('/documents/types')) return jsonResponse(200, { types: ['Photo ID'] });
      if (url.includes('/members/current/documents'))
        return jsonResponse(200, {
          items,
          pageNumber: 1,
          pageSize: 8,
          totalItems: items.length,
          totalPages: 1,
        });
      return jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] });
    });

  it('shows an upload’s tags and changes them, refusing a tag that is too long before asking the server', async () => {
    quietConsole();
    const fetch = stubTagsFetch([letter, upload]);
    renderApp('/documents');
    const tags = await screen.findByRole('list', { name: 'Tags of passport.png' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['identity', 'passport']);
    expect(screen.queryByRole('button', { name: /Change tags\s*of annual-statement/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Change tags\s*of passport.png/ }));
    const box = screen.getByRole('textbox', { name: 'Tags' });
    expect((box as HTMLInputElement).value).toBe('identity, passport');

    fireEvent.change(box, { target: { value: `identity, ${'x'.repeat(41)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tag 2 must be 40 characters or fewer');
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/tags'))).toBe(false);

    fireEvent.change(box, { target: { value: 'identity, expires 2031,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    await screen.findByText('The tags of passport.png have been saved');
    const [, init] = fetch.mock.calls.find(([url]) => url.endsWith('/tags'))!;
    expect(JSON.parse(String(init.body))).toEqual({ tags: ['identity', 'expires 2031'] });
  });

  it('clears every tag of an upload when the box is left empty', async () => {
    quietConsole();
    const fetch = stubTagsFetch([upload]);
    renderApp('/documents');
    fireEvent.click(await screen.findByRole('button', { name: /Change tags\s*of passport.png/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: ' , ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    await screen.findByText('The tags of passport.png have been removed');
    expect(screen.queryByRole('alert')).toBeNull();
    const [, init] = fetch.mock.calls.find(([url]) => url.endsWith('/tags'))!;
    expect(JSON.parse(String(init.body))).toEqual({ tags: [] });
  });
});
