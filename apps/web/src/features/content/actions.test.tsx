import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveRoutes } from '../../lib/routes';
import { TenantContext } from '../../lib/tenant';
import { testTenant } from '../../testing/render';
import { usePageActions, type ButtonActions } from './actions';
import { ContentContext, publicContent } from './content-context';
import { Blocks } from './registry';
import { renderBlocks } from './render-blocks';

const auth = vi.hoisted(() => ({ signedIn: false, signOut: vi.fn(async () => undefined) }));
vi.mock('../../lib/auth', async (original) => ({
  ...(await original<typeof import('../../lib/auth')>()),
  useAuth: () => auth,
}));

describe('content buttons', () => {
  it('run their action with its parameter, and carry an analytics key (the label by default)', async () => {
    const user = userEvent.setup();
    const recalculate = vi.fn();
    renderBlocks(
      [
        {
          type: 'buttonGroup',
          buttons: [
            { label: 'Recalculate', action: 'recalculate-action:access-key', analyticsKey: 'recalc' },
            { label: 'Help', href: '/help' },
          ],
        },
      ],
      { actions: { 'recalculate-action': recalculate } },
    );
    const button = screen.getByRole('button', { name: 'Recalculate' });
    expect(button.getAttribute('data-analytics-key')).toBe('recalc');
    await user.click(button);
    expect(recalculate).toHaveBeenCalledWith('access-key');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('data-analytics-key')).toBe('Help');
  });

  it('are disabled while their action runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    renderBlocks([{ type: 'button', label: 'Go', action: 'slow-action' }], {
      actions: { 'slow-action': () => new Promise<void>((resolve) => (finish = resolve)) },
    });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('button', { name: 'Go' }).hasAttribute('disabled')).toBe(true);
    finish();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Go' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('are left out, and logged, when their action is not available; development shows a note', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderBlocks([{ type: 'button', label: 'Delete', action: 'delete-ra-action' }]);
    expect(container.querySelector('button')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"delete-ra-action" is unknown here'));
    renderBlocks([{ type: 'button', label: 'Delete', action: 'delete-ra-action' }], {
      showSkippedBlocks: true,
    });
    expect(screen.getByText(/Development only/).parentElement?.textContent).toContain('delete-ra-action');
  });
});

describe('close-dialog-action', () => {
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    });
  });

  it('closes the dialog the button is in, and is not offered outside one', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const done = { type: 'button', label: 'Done', action: 'close-dialog-action' };
    renderBlocks([
      {
        type: 'modal',
        triggerLabel: 'Open',
        title: 'Choices',
        blocks: [{ type: 'richText', html: '<p>Hi</p>' }, done],
      },
      done,
    ]);
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Choices' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });
});

describe('page actions', () => {
  const renderPage = (blocks: unknown[], tenant = testTenant) => {
    const Page = () => {
      const actions: ButtonActions = usePageActions();
      return (
        <ContentContext.Provider value={{ ...publicContent, showSkippedBlocks: false, actions }}>
          <Blocks blocks={blocks as never} />
        </ContentContext.Provider>
      );
    };
    const router = createMemoryRouter(
      [
        { path: '/help', element: <Page /> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { initialEntries: ['/help?topic=tax'] },
    );
    render(
      <TenantContext.Provider value={{ tenant, routes: resolveRoutes({ landing: '/home' }) }}>
        <RouterProvider router={router} />
      </TenantContext.Provider>,
    );
    return router;
  };
  const buttons = [
    { label: 'Sign in', action: 'login-action' },
    { label: 'Register', action: 'register-action' },
    { label: 'Sign out', action: 'logout-action' },
    { label: 'Choose a record', action: 'sa-select-linked-record-action' },
  ];

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    auth.signOut.mockClear();
  });

  it('lets a visitor sign in (coming back here afterwards) or register', async () => {
    const user = userEvent.setup();
    auth.signedIn = false;
    const router = renderPage([{ type: 'buttonGroup', buttons }]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Sign in',
      'Register',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(JSON.parse(sessionStorage.getItem('nextUrl') ?? 'null')).toBe('/help?topic=tax');
    await router.navigate('/help');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('lets a member sign out through the app, or go to the record picker on the landing page', async () => {
    const user = userEvent.setup();
    auth.signedIn = true;
    const router = renderPage([{ type: 'buttonGroup', buttons }]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Sign out',
      'Choose a record',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.signOut).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Choose a record' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('offers no record picker where the tenant switched linked records off', () => {
    auth.signedIn = true;
    renderPage([{ type: 'buttonGroup', buttons }], { ...testTenant, features: { linkedRecords: false } });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Sign out']);
  });
});
