import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { busyResponse, jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';

const application = {
  caseNumber: 'RTP9-000042',
  caseType: 'RTP9',
  title: 'Apply for your pension',
  status: 'Received',
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  documents: [
    { name: 'Application form', status: 'received' },
    { name: 'Proof of identity', status: 'outstanding' },
  ],
  journeyType: 'dbcoreretirementapplication',
  closed: false,
};
const closedApplication = { ...application, caseNumber: 'RTP9-000041', status: 'Rejected', closed: true };

function answerRequests(url: string, init: RequestInit) {
  if (url.endsWith('/cases')) return jsonResponse(200, { cases: [application, closedApplication] });
  if (url.endsWith('/documents/post-submission')) return jsonResponse(200, { documents: [] });
  if (url.endsWith('/documents') && init.method === 'POST')
    return jsonResponse(201, {
      fileUuid: '6d1c6a52-9a55-4a41-9f65-3c1b7d2e8f10',
      filename: 'passport.pdf',
    });
  return jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] });
}

const stubRequests = () => stubFetch(answerRequests);

describe('sending a document a request asked for', () => {
  beforeEach(() => {
    document.cookie = 'accessToken=token-1; path=/';
  });
  afterEach(() => {
    document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('uploads into the request’s context, tagged with the document, then sends it with the request', async () => {
    quietConsole();
    const fetch = stubRequests();
    renderApp('/documents/upload?case=RTP9-000042&document=Proof+of+identity');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Send us your Proof of identity' }),
    ).toBeTruthy();
    expect(screen.getByText(/For your request Apply for your pension \(RTP9-000042\)/)).toBeTruthy();
    expect(screen.queryByLabelText('What are these documents? (optional)')).toBeNull();
    // The limit is accepted (a file of exactly 10 MB goes), so the words say "or smaller".
    expect(
      screen.getByText('PDF, JPG, PNG, HEIC or Word document, each 10 MB or smaller. Up to 10 files.'),
    ).toBeTruthy();

    const file = new File(['%PDF-1.7 %%EOF'], 'passport.pdf', { type: 'application/pdf' });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose files'), file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('heading', { name: 'Your documents have been uploaded' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '1 of 1 file uploaded and sent with your request RTP9-000042',
    );
    expect(screen.getByRole('link', { name: 'Go to your requests' }).getAttribute('href')).toBe(
      '/my-requests',
    );

    const [, upload] = fetch.mock.calls.find(
      ([url, init]) => url.endsWith('/documents') && init.method === 'POST',
    )!;
    const form = upload.body as FormData;
    expect(form.get('journeyType')).toBe('dbcoreretirementapplication');
    expect(form.getAll('tags')).toEqual(['Proof of identity']);
    expect(form.get('documentType')).toBe('Proof of identity');
    const [, sent] = fetch.mock.calls.find(([url]) => url.endsWith('/post-submission'))!;
    expect(JSON.parse(String(sent.body))).toEqual({
      journeyType: 'dbcoreretirementapplication',
      caseNumber: 'RTP9-000042',
    });
  });

  it('says so when the request is not the member’s, and uploads nothing', async () => {
    quietConsole();
    const fetch = stubRequests();
    renderApp('/documents/upload?case=RTP9-999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We cannot find this request' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => init.method === 'POST' && !url.endsWith('/batch'))).toBe(
      false,
    );
  });

  it('offers no upload for a closed request, and sends nothing', async () => {
    quietConsole();
    const fetch = stubRequests();
    renderApp('/documents/upload?case=RTP9-000041&document=Proof+of+identity');
    expect(await screen.findByRole('heading', { level: 1, name: 'This request is closed' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^This request is closed/));
    expect(screen.getByText(/Apply for your pension \(RTP9-000041\) is closed/)).toBeTruthy();
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => init.method === 'POST' && !url.endsWith('/batch'))).toBe(
      false,
    );
  });

  it('says the service is busy, not that the request is not the member’s, and finds it on Try again', async () => {
    quietConsole();
    let busy = true;
    stubFetch((url, init) => (busy && url.endsWith('/cases') ? busyResponse() : answerRequests(url, init)));
    renderApp('/documents/upload?case=RTP9-000042&document=Proof+of+identity');
    expect(
      await screen.findByText('Sorry, we cannot show the request you are sending documents for right now.'),
    ).toBeTruthy();
    expect(screen.getByText('The service is busy. Wait a few seconds and try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'We cannot find this request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();

    busy = false;
    await userEvent
      .setup()
      .click(within(screen.getByRole('main')).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Send us your Proof of identity' }),
    ).toBeTruthy();
  });

  it('shows the library upload at once, reading no requests, when the address names none', async () => {
    quietConsole();
    const fetch = stubRequests();
    renderApp('/documents/upload');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload documents' })).toBeTruthy();
    expect(screen.queryByText('Loading your request')).toBeNull();
    // The page frame's own reads (the signed-in menu) end before the test does.
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.includes('/access-key'))).toBe(true));
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/cases'))).toBe(false);
  });
});
