import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles } from './page-settled';

const flushObservers = () => Promise.resolve();

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<main id="main-content"></main>';
  document.title = 'Meridian';
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('a settled page', () => {
  it('is reported shortly after a page that is already shown', () => {
    const callback = vi.fn();
    afterPageSettles(callback);
    vi.advanceTimersByTime(49);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits while the page is loading, and for its title', async () => {
    document.getElementById('main-content')!.innerHTML = '<p class="page-loading">Loading...</p>';
    const titles: string[] = [];
    afterPageSettles(() => titles.push(document.title));
    vi.advanceTimersByTime(5_000);
    document.getElementById('main-content')!.innerHTML = '<h1>Help</h1>';
    await flushObservers();
    vi.advanceTimersByTime(20);
    document.title = 'Help - Meridian';
    await flushObservers();
    vi.advanceTimersByTime(49);
    expect(titles).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(titles).toEqual(['Help - Meridian']);
  });

  it('gives up waiting after ten seconds, and can be cancelled', () => {
    document.getElementById('main-content')!.innerHTML = '<p class="page-loading">Loading...</p>';
    const stuck = vi.fn();
    afterPageSettles(stuck);
    vi.advanceTimersByTime(10_000);
    expect(stuck).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    afterPageSettles(cancelled)();
    vi.advanceTimersByTime(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
