import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@meridian/contracts';
import { serviceNoticeRoutes, type NoticeRecord } from '../../src/lib/service-notices';

const record = (
  chosen: NotificationSettings,
  email: string | null,
  mobilePhone: string | null,
): NoticeRecord => ({
  businessGroup: 'MER',
  referenceNumber: '1000010',
  title: 'Mr',
  forenames: 'Sam',
  surname: 'Patel',
  email,
  mobilePhone,
  notificationSettings: chosen,
});
const email = 'sam@example.org';
const mobile = '+447700900456';
const letter = { channel: 'post', to: 'MER/1000010' };

describe('the routes of a service notice', () => {
  it.each([
    [
      'post only, though email and mobile are held',
      { email: false, sms: false, post: true },
      email,
      mobile,
      [letter],
    ],
    ['email', { email: true, sms: false, post: false }, email, mobile, [{ channel: 'email', to: email }]],
    ['text', { email: false, sms: true, post: false }, email, mobile, [{ channel: 'sms', to: mobile }]],
    [
      'email and text',
      { email: true, sms: true, post: false },
      email,
      mobile,
      [
        { channel: 'email', to: email },
        { channel: 'sms', to: mobile },
      ],
    ],
    ['email, with no address held', { email: true, sms: false, post: false }, null, mobile, [letter]],
    [
      'email and text, only a mobile held',
      { email: true, sms: true, post: false },
      null,
      mobile,
      [{ channel: 'sms', to: mobile }],
    ],
    ['text, with no mobile held', { email: false, sms: true, post: false }, email, null, [letter]],
  ] as const)('%s', (_, chosen, heldEmail, heldMobile, routes) => {
    expect(serviceNoticeRoutes(record(chosen, heldEmail, heldMobile))).toEqual(routes);
  });
});
