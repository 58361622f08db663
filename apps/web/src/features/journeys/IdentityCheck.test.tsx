import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { busyResponse, jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { IdentityCheck } from './IdentityCheck';

describe('the identity check on a journey page', () => {
  it('says when the service is busy and shows where the check stands when the member tries again', async () => {
    quietConsole();
    let busy = true;
    stubFetch((url) =>
      busy && url.endsWith('/mdp-api/api/identity-verification')
        ? busyResponse()
        : jsonResponse(200, {
            method: 'embedded',
            status: 'not_started',
            documentName: null,
            startedAt: null,
            decidedAt: null,
          }),
    );
    render(<IdentityCheck />);
    expect(await screen.findByText('Sorry, we cannot check your identity right now.')).toBeTruthy();
    expect(screen.getByText('The service is busy. Wait a few seconds and try again.')).toBeTruthy();

    busy = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not sent yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send photo' })).toBeTruthy();
  });
});
