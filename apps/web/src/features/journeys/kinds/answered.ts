import {
  hasAnswerDisplay,
  type JourneyStep,
  type PageJourney,
  type QuestionKindName,
} from '@meridian/contracts';
import { loadKind } from './registry';

/**
 * The kinds check your answers loads fields for: those of the answered questions whose display does
 * not come with the page (a person, a list, an address, a file, a phone number, a country), in order.
 */
export const answeredKindsToLoad = (
  pages: ReadonlyArray<PageJourney & { key: string }>,
  steps: readonly JourneyStep[],
): QuestionKindName[] => {
  const byKey = new Map(pages.map((page) => [page.key, page]));
  return steps
    .flatMap((step) => byKey.get(step.pageKey)?.question?.kind ?? [])
    .filter((kind) => !hasAnswerDisplay(kind));
};

/** Loads the fields (with their contracts halves) check your answers needs for these answers (with the page's reads, not after them). */
export const loadAnsweredKindFields = (
  definition: { pages: ReadonlyArray<PageJourney & { key: string }> },
  steps: readonly JourneyStep[],
) => Promise.all([...new Set(answeredKindsToLoad(definition.pages, steps))].map(loadKind));
