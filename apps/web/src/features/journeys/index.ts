import { lazy } from 'react';

/** The engine's public pieces. Journey steps load their mechanics (questions, check your answers) only when a journey page opens. */
export const JourneyStepPage = lazy(() => import('./JourneyStepPage'));
export { journeyApi, refreshApplicationStatus, type JourneyDefinitionView } from './journey-api';
export type { CancelledState, CancelState } from './journey-context';
export { messageFor } from './messages';
