import type { Page, PageJourney } from '@meridian/contracts';
import { loadAudience } from './audiences';
import { isWalkedAsVisitor, journeyReads, walkAsVisitor } from './journey-reads';
import { kindFieldLoaders } from './kinds/loaders';

/** The step page's chunk: the route's lazy component and the loader's preload share this import. */
export const loadJourneyStepPage = () => import('./JourneyStepPage');

/** The confirmation page's chunk, loaded with that page only. */
export const loadConfirmation = () => import('./Confirmation');

/** What a step page reads before it draws, in the order it uses them; each a shared read of the HTTP client. */
export function startStepReads(type: string, pageKey: string) {
  const definition = journeyReads.definition(type);
  const data = journeyReads.data(type);
  // A member's integrity and back link travel in the same batch as the definition and data (without a
  // journey they answer 404, read as null). A visitor's API is asked for them only once their journey
  // is known to be there, as the page would.
  const there = isWalkedAsVisitor(type) ? data.then((journey) => journey !== null) : Promise.resolve(true);
  const integrity = there.then((yes) => (yes ? journeyReads.integrity(type, pageKey) : null));
  const previous = there.then((yes) => (yes ? journeyReads.previousStep(type, pageKey) : null));
  return { definition, data, integrity, previous };
}

/** The chunks the page's own parts need: its question's kind field and what it shows. */
async function loadPageParts(journey: PageJourney) {
  const kind = journey.question?.kind;
  // The field's chunk (and its contracts kind) starts beside the step page's chunk, which holds the
  // registry that keeps it, rather than one round trip after it.
  if (kind) void kindFieldLoaders[kind]().catch(() => undefined);
  const [registry, shown] = await Promise.all([
    kind ? import('./kinds/registry') : null,
    journey.shows ? import('./shown-parts') : null,
  ]);
  await Promise.all([kind && registry?.loadKindField(kind), shown?.loadShownPart(journey.shows)]);
}

/**
 * What only the definition says a page needs, loaded with the reads: its audience's part of the
 * pages, check your answers shows each answer by its kind (the kinds answered), the confirmation is a
 * chunk of its own.
 */
async function loadByDefinition(pageKey: string, reads: ReturnType<typeof startStepReads>) {
  const audience = reads.definition.then((definition) => loadAudience(definition.audience));
  const [definition, journey] = await Promise.all([reads.definition, reads.data, audience]);
  if (!journey) return;
  if (pageKey === definition.confirmationPage) await loadConfirmation();
  if (pageKey !== definition.summaryPage) return;
  const { loadAnsweredKindFields } = await import('./kinds/answered');
  await loadAnsweredKindFields(definition, journey.steps);
}

/**
 * Called by the content page's loader as soon as it knows the page is a journey step: the step page's
 * chunk, the journey's reads (definition, data, integrity, previous step) and the page's question
 * kind start together, instead of one after another once the step page has loaded and drawn. The
 * page then takes the same answers from the HTTP client's shared reads; nothing here is waited for,
 * and a failure is the page's own to show (its read asks again).
 */
export function preloadJourneyStep(page: Page & { journey: PageJourney }, asVisitor: boolean) {
  const type = page.journey.type;
  if (asVisitor) walkAsVisitor(type);
  const reads = startStepReads(type, page.key);
  const ignore = () => undefined;
  for (const read of Object.values(reads)) read.catch(ignore);
  void loadJourneyStepPage().catch(ignore);
  void loadPageParts(page.journey).catch(ignore);
  void loadByDefinition(page.key, reads).catch(ignore);
}
