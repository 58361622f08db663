import { registerAudience } from '../features/journeys';

/**
 * Each journey audience's part of the engine's pages (features/journeys/audiences.ts), from the
 * feature that owns it, in a chunk loaded only when a journey of that audience opens.
 */
export function registerJourneyAudiences() {
  registerAudience('bereavement', () =>
    import('../features/bereavement').then((feature) => feature.bereavementAudience),
  );
}
