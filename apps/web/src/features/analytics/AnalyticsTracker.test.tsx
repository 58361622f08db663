import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import '../../testing/render';
import { createAnalytics, type Member, type Tracker } from './analytics';
import { AnalyticsTracker } from './AnalyticsTracker';
import { CONSENT_COOKIE } from './consent';

const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  useAuth: () => auth,
}));
// The member as the API would describe whichever record is active.
vi.mock('./member', async () => {
  const { activeRecordHeaders, singleAuthData: stored } = await import('../../lib/session-storage');
  return {
    loadMemberAnalytics: async () => {
      const headers = activeRecordHeaders(stored.read());
      const userId = `${headers['auth-business-group']}${headers['auth-reference-number']}`;
      return { dimensions: {}, profile: { userId } } as unknown as Member;
    },
  };
});

const recordingTracker = () => {
  const identified: string[] = [];
  const tracker: Tracker = {
    start: () => undefined,
    stop: () => undefined,
    pageView: () => undefined,
    buttonClick: () => undefined,
    identify: (member) => identified.push(member.profile.userId),
    reset: () => undefined,
  };
  return { tracker, identified };
};

describe('the analytics tracker', () => {
  beforeEach(() => {
    document.cookie = `${CONSENT_COOKIE}=accepted; Path=/`;
    singleAuthData.write({ hasMultipleRecords: true, primaryBgroup: 'MER', primaryRefno: '1000007' });
  });

  it('identifies the member again as the linked record they switch to', async () => {
    const { tracker, identified } = recordingTracker();
    const router = createMemoryRouter([
      { path: '*', element: <AnalyticsTracker createAnalytics={() => createAnalytics([tracker], [])} /> },
    ]);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(identified).toEqual(['MER1000007']));
    act(() =>
      singleAuthData.write({
        ...singleAuthData.read()!,
        linkedBgroup: 'MER',
        linkedRefno: '1000008',
      }),
    );
    await waitFor(() => expect(identified).toEqual(['MER1000007', 'MER1000008']));
  });
});
