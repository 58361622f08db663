import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page, PageJourney } from '@meridian/contracts';
import { http } from '../../lib/api';
import { jsonResponse, stubFetch } from '../../testing/render';
import { journeyApi } from './journey-api';
import { preloadJourneyStep, startStepReads } from './preload';

const loadKindField = vi.fn(async () => undefined);
const loadAnsweredKindFields = vi.fn(async () => undefined);
const loadShownPart = vi.fn(async () => undefined);
const stepPageLoaded = vi.fn();
const radiosFieldLoaded = vi.fn(async () => ({ default: {} }));
vi.mock('./kinds/registry', () => ({ loadKindField }));
vi.mock('./kinds/loaders', () => ({ kindFieldLoaders: { radios: () => radiosFieldLoaded() } }));
vi.mock('./kinds/answered', () => ({ loadAnsweredKindFields }));
vi.mock('./shown-parts', () => ({ loadShownPart }));
const confirmationLoaded = vi.fn();
vi.mock('./Confirmation', () => {
  confirmationLoaded();
  return { Confirmation: () => null };
});
vi.mock('./JourneyStepPage', () => {
  stepPageLoaded();
  return { default: () => null };
});

const member = 'dbcoreretirementapplication';
const definition = {
  type: member,
  firstPage: 'ra_guidance',
  summaryPage: 'ra_check',
  confirmationPage: 'ra_done',
  pages: [{ key: 'ra_method', slug: '/method', question: { kind: 'address' } }],
};
const journey = { status: 'Started', steps: [{ pageKey: 'ra_method', answer: { answerKey: 'x' } }] };

const stepPage = (key: string, journeyPage: Partial<PageJourney> = {}) =>
  ({
    key,
    slug: `/${key}`,
    title: key,
    blocks: [],
    journey: { type: member, ...journeyPage },
  }) as unknown as Page & {
    journey: PageJourney;
  };

/** Answers the journey's reads; what was asked, one entry per request (a batch lists its reads). */
function serve({ data = journey as unknown, dataStatus = 200 } = {}) {
  const asked: string[][] = [];
  const answer = (path: string) => {
    if (path.endsWith('/definition')) return jsonResponse(200, definition);
    if (path.endsWith('/data')) return jsonResponse(dataStatus, data);
    if (dataStatus === 404)
      return jsonResponse(404, { errors: [{ code: 'journey_not_found', message: 'None' }] });
    if (path.includes('/integrity/'))
      return jsonResponse(200, { redirectStepPageKey: path.split('/').pop() });
    if (path.includes('/previous-step/')) return jsonResponse(200, { previousPageKey: 'ra_guidance' });
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'No' }] });
  };
  const fetch = stubFetch((url) => answer(url));
  const original = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (url: string, init: RequestInit) => {
    asked.push(
      url.endsWith('/mdp-api/api/batch')
        ? (JSON.parse(String(init.body)) as { requests: Array<{ path: string }> }).requests.map(
            (read) => read.path,
          )
        : [url],
    );
    return original(url, init);
  });
  return { fetch, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('preloading a journey step from the content loader', () => {
  beforeEach(() => {
    document.cookie = 'accessToken=token-1; path=/';
  });
  afterEach(() => {
    document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    http.forgetReads();
    vi.unstubAllGlobals();
    for (const loader of [loadKindField, loadAnsweredKindFields, loadShownPart, radiosFieldLoaded])
      loader.mockClear();
  });

  it("asks for a member's definition, data, integrity and previous step in one batch", async () => {
    const { asked } = serve();
    preloadJourneyStep(stepPage('ra_method'), false);
    await settle();
    expect(asked).toEqual([
      [
        `/mdp-api/api/journeys/${member}/definition`,
        `/mdp-api/api/journeys/${member}/data`,
        `/mdp-api/api/journeys/${member}/integrity/ra_method`,
        `/mdp-api/api/journeys/${member}/previous-step/ra_method`,
      ],
    ]);
  });

  it('gives the step page the same answers, without asking again', async () => {
    const { fetch } = serve();
    preloadJourneyStep(stepPage('ra_method'), false);
    const [defined, data, integrity, previous] = await Promise.all([
      journeyApi.definition(member),
      journeyApi.data(member),
      journeyApi.integrity(member, 'ra_method'),
      journeyApi.previousStep(member, 'ra_method'),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(defined).toEqual(definition);
    expect(data).toEqual(journey);
    expect(integrity).toEqual({ redirectStepPageKey: 'ra_method' });
    expect(previous).toEqual({ previousPageKey: 'ra_guidance' });
  });

  it("reads a member's missing journey as null, integrity and back link included, without a warning", async () => {
    serve({ data: { errors: [{ code: 'journey_not_found', message: 'None' }] }, dataStatus: 404 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reads = startStepReads(member, 'ra_guidance');
    await expect(reads.data).resolves.toBeNull();
    await expect(reads.integrity).resolves.toBeNull();
    await expect(reads.previous).resolves.toBeNull();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("asks a visitor's API for integrity and the back link only once their journey is there", async () => {
    const { asked } = serve({ data: { errors: [{ code: 'no_token', message: 'No' }] }, dataStatus: 401 });
    document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    preloadJourneyStep({ ...stepPage('cb_topic'), journey: { type: 'requestacallback' } } as never, true);
    await settle();
    expect(asked.flat()).toEqual([
      '/api/visitor/journeys/requestacallback/definition',
      '/api/visitor/journeys/requestacallback/data',
    ]);
  });

  it("loads the step page's chunk, its question's field and what it shows, with the reads", async () => {
    serve();
    preloadJourneyStep(
      stepPage('ra_method', { question: { kind: 'radios' }, shows: 'contact-details' } as never),
      false,
    );
    await settle();
    expect(stepPageLoaded).toHaveBeenCalled();
    expect(loadKindField).toHaveBeenCalledWith('radios');
    expect(loadShownPart).toHaveBeenCalledWith('contact-details');
    expect(loadAnsweredKindFields).not.toHaveBeenCalled();
  });

  it("starts the question's field chunk at once, beside the step page's, not once the registry is there", async () => {
    serve();
    preloadJourneyStep(stepPage('ra_method', { question: { kind: 'radios' } } as never), false);
    expect(radiosFieldLoaded).toHaveBeenCalledTimes(1);
    await settle();
  });

  it('loads the kinds check your answers shows, once the definition says it is the summary', async () => {
    serve();
    preloadJourneyStep(stepPage('ra_check'), false);
    await settle();
    expect(loadKindField).not.toHaveBeenCalled();
    expect(radiosFieldLoaded).not.toHaveBeenCalled();
    expect(loadAnsweredKindFields).toHaveBeenCalledWith(definition, journey.steps);
  });

  it('loads the confirmation only on the confirmation page, once the definition says it is', async () => {
    serve();
    preloadJourneyStep(stepPage('ra_check'), false);
    await settle();
    expect(confirmationLoaded).not.toHaveBeenCalled();
    preloadJourneyStep(stepPage('ra_done'), false);
    await settle();
    expect(confirmationLoaded).toHaveBeenCalled();
  });
});
