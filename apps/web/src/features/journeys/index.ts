import { lazy } from 'react';
import { loadJourneyStepPage } from './preload';

/** The engine's public pieces. Journey steps load their mechanics (questions, check your answers) only when a journey page opens. */
export const JourneyStepPage = lazy(loadJourneyStepPage);
export { preloadJourneyStep } from './preload';
export { journeyApi, refreshApplicationStatus, type JourneyDefinitionView } from './journey-api';
export type { CancelledState, CancelState } from './journey-context';
export { registerAudience, type AfterLapseProps, type AudienceUi, type StartCheck } from './audiences';
export { messageFor, registerJourneyMessages, type JourneyMessage } from './messages';
