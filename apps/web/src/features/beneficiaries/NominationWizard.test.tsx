import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { relationshipStatuses } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { friendly } from './steps';

const address = { line1: '4 Canal Wharf', line4: 'Leeds', postCode: 'LS1 4AB' };
const nomination = {
  nominatedAt: '2026-03-02T10:00:00.000Z',
  beneficiaries: [
    {
      id: '5d0c8d9e-2f1a-4b7c-8e3d-1a2b3c4d5e6f',
      nominatedAt: '2026-03-02T10:00:00.000Z',
      kind: 'person',
      relationship: 'Spouse',
      forenames: 'Grace',
      surname: 'Okafor',
      dateOfBirth: '1986-02-14',
      lumpSumPercentage: 50,
      isPensionBeneficiary: true,
      address,
    },
    {
      id: '6e1d9eaf-3a2b-4c8d-9f4e-2b3c4d5e6f70',
      nominatedAt: '2026-03-02T10:00:00.000Z',
      kind: 'organisation',
      relationship: 'Charity',
      charityName: 'Riverside Hospice',
      lumpSumPercentage: 50,
      address,
    },
  ],
};

function stubNomination() {
  return stubFetch((url) => {
    if (url.includes('relationship-statuses'))
      return jsonResponse(200, {
        relationshipStatuses: relationshipStatuses.map((status) => ({ ...status })),
      });
    if (url.includes('/members/current/beneficiaries')) return jsonResponse(200, nomination);
    return jsonResponse(404, { errors: [{ code: 'content_not_found', message: 'none' }] });
  });
}

// Each test renders the whole app; allow for a busy machine.
describe('beneficiaries', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'accessToken=token-1; path=/';
  });
  afterEach(() => {
    document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('shows the nomination read only, each relationship in its colour group, with the date it was made', async () => {
    quietConsole();
    stubNomination();
    renderApp('/beneficiaries');
    const grace = (await screen.findByRole('heading', { name: 'Grace Okafor' }, { timeout: 10_000 })).closest(
      'li',
    )!;
    expect(within(grace).getByText('Husband, wife or civil partner').className).toContain(
      'relationship-tag--partner',
    );
    expect(grace.textContent).toContain('50%');
    const hospice = screen.getByRole('heading', { name: 'Riverside Hospice' }).closest('li')!;
    expect(within(hospice).getByText('Charity or organisation').className).toContain(
      'relationship-tag--organisation',
    );
    expect(screen.getByText('You made this nomination on 02 Mar 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download your nomination (PDF)' }).getAttribute('href')).toBe(
      '/mdp-api/api/members/current/beneficiaries/download',
    );
  });

  it('removes a beneficiary after asking, then refuses shares that no longer add up to 100%', async () => {
    quietConsole();
    const fetch = stubNomination();
    renderApp('/beneficiaries/change');
    const hospice = (
      await screen.findByRole('heading', { name: 'Riverside Hospice' }, { timeout: 10_000 })
    ).closest('li')!;
    fireEvent.click(within(hospice).getByRole('button', { name: /^Remove/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Remove Riverside Hospice?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove them' }));
    expect(await screen.findByText('Lump-sum shares add up to 50% (50% still to give)')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Riverside Hospice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Lump-sum shares must add up to exactly 100%. They add up to 50.00%.',
    );
    expect(fetch.mock.calls.some(([url]) => String(url).includes('confirmation/send'))).toBe(false);
  });

  it('asks for a change before going on when nothing was changed', async () => {
    quietConsole();
    stubNomination();
    renderApp('/beneficiaries/change');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have not changed anything yet');
  });

  it('puts the contract’s refusals into the words of each field', () => {
    expect(
      friendly([
        { field: 'surname', message: 'Too big: expected string to have <=20 characters' },
        { field: 'forenames', message: 'is required' },
        { field: 'notes', message: 'must not contain HTML' },
      ]),
    ).toEqual([
      { field: 'surname', message: 'Last name must be 20 characters or fewer' },
      { field: 'forenames', message: 'Enter the first names' },
      { field: 'notes', message: 'Notes must not contain HTML' },
    ]);
  });
});
