import { act, screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { NavigationProgress } from './NavigationProgress';

function routesWithSlowPage(delayMs: number, finish: Promise<void>): RouteObject[] {
  return [
    {
      element: (
        <>
          <NavigationProgress delayMs={delayMs} />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <h1>Start</h1> },
        { path: '/slow', loader: () => finish.then(() => null), element: <h1>Slow</h1> },
      ],
    },
  ];
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('appears only when a navigation outlasts the delay, and goes when it ends', async () => {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const { router } = renderApp('/', { routes: routesWithSlowPage(40, done) });
    await screen.findByRole('heading', { name: 'Start' });
    expect(screen.queryByRole('progressbar')).toBeNull();

    // The clock is the test's own from here, so a busy machine cannot stretch the delay.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => void router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(39));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.getByRole('progressbar', { name: 'Loading the next page' })).toBeTruthy();
    vi.useRealTimers();

    await act(async () => finish());
    await screen.findByRole('heading', { name: 'Slow' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for a navigation quicker than the delay', async () => {
    const { router } = renderApp('/', { routes: routesWithSlowPage(200, Promise.resolve()) });
    await screen.findByRole('heading', { name: 'Start' });
    await act(() => router.navigate('/slow'));
    await screen.findByRole('heading', { name: 'Slow' });
    await wait(250);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
