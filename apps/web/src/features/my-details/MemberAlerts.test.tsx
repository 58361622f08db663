import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { detailsApi } from '../../lib/details-api';
import { MemberAlerts } from './MemberAlerts';

beforeEach(quietConsole);

const alert = { alertId: 'a1', messageText: 'Tell us your bank details', link: null, priority: true };

describe('the hub’s alerts', () => {
  it('are drawn in the first render when the hub’s first reads already have them', async () => {
    stubFetch(() => jsonResponse(200, { alerts: [alert] }));
    await detailsApi.alerts();
    render(
      <MemoryRouter>
        <MemberAlerts recordKey="0001234" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'For your attention' })).toBeTruthy();
    expect(screen.getByText('Tell us your bank details')).toBeTruthy();
  });

  it('arrive later when nothing has read them yet', async () => {
    stubFetch(() => jsonResponse(200, { alerts: [alert] }));
    render(
      <MemoryRouter>
        <MemberAlerts recordKey="0001234" />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Tell us your bank details')).toBeNull();
    expect(await screen.findByText('Tell us your bank details')).toBeTruthy();
  });
});
