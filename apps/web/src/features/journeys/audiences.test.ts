import { describe, expect, it, vi } from 'vitest';
import { loadAudience, registerAudience, type AudienceUi } from './audiences';

describe('the audiences registry', () => {
  it('gives nothing for an audience none is registered for', async () => {
    expect(await loadAudience('member')).toEqual({});
  });

  it('loads a registered audience’s part once, for every step that asks', async () => {
    const part: AudienceUi = { warningSeconds: 60 };
    const load = vi.fn(async () => part);
    registerAudience('visitor', load);
    expect(await loadAudience('visitor')).toBe(part);
    expect(await loadAudience('visitor')).toBe(part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a chunk that failed to load', async () => {
    const part: AudienceUi = { warningSeconds: 30 };
    const load = vi
      .fn<() => Promise<AudienceUi>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce(part);
    registerAudience('bereavement', load);
    await expect(loadAudience('bereavement')).rejects.toThrow('chunk failed');
    expect(await loadAudience('bereavement')).toBe(part);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
