import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { ContentContext, publicContent } from '../content';
import { Captcha, CAPTCHA_UNAVAILABLE, captchaChoice } from './Captcha';
import type { ProviderApi } from './load-provider';

vi.mock('./load-altcha', () => ({ loadAltcha: async () => undefined }));

const helpline = 'Call us on 0300 123 4567, Monday to Friday, 9am to 5pm.';

function renderCaptcha(answer: () => Response) {
  stubFetch(answer);
  const onSolved = vi.fn();
  const onUnavailable = vi.fn();
  render(
    <ContentContext.Provider value={{ ...publicContent, labels: { helpline } }}>
      <Captcha onSolved={onSolved} onUnavailable={onUnavailable} />
    </ContentContext.Provider>,
  );
  return { onSolved, onUnavailable };
}

/** The scripts the page adds, kept here rather than loaded (the test plays the provider's part). */
function addedScripts() {
  const scripts: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    scripts.push(...(nodes as HTMLScriptElement[]));
  });
  return scripts;
}

describe('the captcha before a report of a death', () => {
  it('chooses ALTCHA for a challenge, and the provider for a provider', () => {
    expect(captchaChoice({ parameters: { nonce: 'n' }, signature: 's' })).toBe('altcha');
    const turnstile = {
      provider: 'turnstile',
      siteKey: 'key',
      scriptUrl: 'https://t.example/api.js',
    } as const;
    expect(captchaChoice(turnstile)).toEqual(turnstile);
  });

  it('draws ALTCHA’s widget with the server’s challenge read', async () => {
    renderCaptcha(() => jsonResponse(200, { parameters: { nonce: 'n' }, signature: 's' }));
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(document.querySelector('altcha-widget')!.getAttribute('challenge')).toBe(
      '/api/bereavement/captcha-challenge',
    );
    expect(screen.getByText(/Nothing is sent to anyone else/)).toBeTruthy();
  });

  it.each([
    ['turnstile', 'turnstile', 'Cloudflare (Turnstile)'],
    ['recaptcha', 'grecaptcha', 'Google (reCAPTCHA)'],
  ] as const)(
    'loads %s’s script, draws its widget with the site key and passes its token on',
    async (provider, api, name) => {
      const scriptUrl = `https://${provider}.example/api.js`;
      const scripts = addedScripts();
      const { onSolved } = renderCaptcha(() =>
        jsonResponse(200, { provider, siteKey: `${provider}-site-key`, scriptUrl }),
      );
      await waitFor(() => expect(scripts).toHaveLength(1));
      const src = new URL(scripts[0]!.src);
      expect(`${src.origin}${src.pathname}`).toBe(scriptUrl);
      expect(src.searchParams.get('render')).toBe('explicit');
      expect(src.searchParams.get('onload')).toBe('meridianCaptchaLoaded');
      expect(screen.getByText(new RegExp(`run by ${name.replace(/[()]/g, '\\$&')}`))).toBeTruthy();

      const rendered = vi.fn<ProviderApi['render']>(() => 'widget-1');
      window[api] = { render: rendered };
      act(() => window.meridianCaptchaLoaded!());
      await waitFor(() => expect(rendered).toHaveBeenCalled());
      const [, options] = rendered.mock.calls[0]!;
      expect(options.sitekey).toBe(`${provider}-site-key`);
      act(() => options.callback('the-token'));
      expect(onSolved).toHaveBeenLastCalledWith('the-token');
      act(() => options['expired-callback']());
      expect(onSolved).toHaveBeenLastCalledWith(null);
      delete window[api];
    },
  );

  it('offers the phone when the provider’s script does not load', async () => {
    const scripts = addedScripts();
    const { onUnavailable } = renderCaptcha(() =>
      jsonResponse(200, {
        provider: 'turnstile',
        siteKey: 'key',
        scriptUrl: 'https://blocked.example/api.js',
      }),
    );
    await waitFor(() => expect(scripts).toHaveLength(1));
    act(() => void scripts[0]!.dispatchEvent(new Event('error')));
    expect(await screen.findByText(/You can also tell us about the death by phone/)).toBeTruthy();
    expect(screen.getByText(/0300 123 4567/)).toBeTruthy();
    await waitFor(() => expect(onUnavailable).toHaveBeenCalledWith(CAPTCHA_UNAVAILABLE));
  });

  it('offers the phone when the captcha read fails', async () => {
    quietConsole();
    const { onUnavailable } = renderCaptcha(() =>
      jsonResponse(500, { errors: [{ code: 'internal', message: 'Down' }] }),
    );
    expect(await screen.findByText(/0300 123 4567/)).toBeTruthy();
    await waitFor(() => expect(onUnavailable).toHaveBeenCalledWith(CAPTCHA_UNAVAILABLE));
  });
});
