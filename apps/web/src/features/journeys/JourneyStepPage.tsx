import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VISITOR_WARNING_SECONDS, type JourneyState, type Page, type PageJourney } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { HttpError } from '../../lib/http/client';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { PageBlocks, useLinkHref, useTextResolver } from '../content';
import { formatDate } from '../../lib/format';
import { useMenuLabel } from '../site';
import { loadAudience, type AudienceUi } from './audiences';
import { CancelApplication } from './CancelApplication';
import { CheckAnswers } from './CheckAnswers';
import { fastForward } from './fast-forward';
import { journeyApi, startsAtFirstPage, walkAsVisitor, type JourneyDefinitionView } from './journey-api';
import type { JourneyContext } from './journey-context';
import { StartAgain } from './StartAgain';
import { StartJourney } from './StartJourney';
import { loadConfirmation } from './preload';
import { StepForm } from './StepForm';
import { VisitorSessionWarning } from './VisitorSessionWarning';
import { defaultWording, JourneyWordingContext } from './wording';

/** The confirmation, its own chunk, which no other step needs before it draws. The loader starts it on that page. */
const Confirmation = lazy(async () => ({ default: (await loadConfirmation()).Confirmation }));

type Loaded = JourneyContext & { previousSlug: string | null };
/** What the member finds on a step: the journey, none started, or a move to the page they have reached. */
type Step = Loaded | { notStarted: JourneyDefinitionView; audience: AudienceUi } | 'moved';

interface StepPageProps {
  page: Page & { journey: PageJourney };
  /** Not signed in: the journey is walked on the visitor API (a public page of a visitor journey). */
  asVisitor?: boolean;
}

/** Whether the journey locked figures at start (a quote, a transfer value): they go out of date. */
const hasLockedFigures = (journey: JourneyState) =>
  Boolean(journey.lockedSection || (journey.figures && Object.keys(journey.figures).length));

/**
 * A content page that is a journey step: integrity first (a member is sent to the page they have
 * reached), then the back link, stage, the page's blocks and its question, summary or confirmation,
 * each in the journey's own words (its `copy`) and the tenant's name for My requests.
 */
export default function JourneyStepPage(props: StepPageProps) {
  // A visitor has no member's menu to name My requests from (and is not to ask for one).
  return props.asVisitor ? (
    <StepPage {...props} requests={defaultWording.requests} />
  ) : (
    <MemberStepPage {...props} />
  );
}

/** A signed-in member's step: My requests named as their tenant's menu names it. */
function MemberStepPage(props: StepPageProps) {
  const { routes } = useTenant();
  const requests = useMenuLabel(routes.myRequests) ?? defaultWording.requests;
  return <StepPage {...props} requests={requests} />;
}

function StepPage({ page, asVisitor = false, requests }: StepPageProps & { requests: string }) {
  const title = useTextResolver().text(page.title);
  const [search] = useSearchParams();
  const type = page.journey.type;
  if (asVisitor) walkAsVisitor(type);
  const navigate = useNavigate();
  const { routes } = useTenant();
  const step = useLoad<Step>(
    async (signal) => {
      const [definition, journey] = await Promise.all([journeyApi.definition(type), journeyApi.data(type)]);
      // What the journey's audience adds to its pages (a chunk of its own; nothing for a member's).
      const audience = await loadAudience(definition.audience);
      if (!journey) return { notStarted: definition, audience };
      const slugs = new Map(definition.pages.map((candidate) => [candidate.key, candidate.slug]));
      const slugOf = (pageKey: string) => slugs.get(pageKey) ?? routes.landing;
      const integrity = await journeyApi.integrity(type, page.key);
      // The journey went between the two reads (cancelled in another tab): as any failed read.
      if (!integrity) throw new HttpError(404, ['journey_not_found']);
      const { redirectStepPageKey } = integrity;
      if (redirectStepPageKey !== page.key) {
        if (!signal.aborted) void navigate(slugOf(redirectStepPageKey), { replace: true });
        return 'moved';
      }
      // The first page has no page before it: its Back link goes where the journey was started from.
      const previous =
        page.key === definition.confirmationPage || page.key === definition.firstPage
          ? null
          : await journeyApi.previousStep(type, page.key);
      const back = fastForward.backFrom(type, page.key, previous?.previousPageKey ?? null);
      return { definition, journey, slugOf, audience, previousSlug: back ? slugOf(back) : null };
    },
    { key: `${type} ${page.key}` },
  );
  const loaded = step.data;
  const definitionRead =
    loaded && typeof loaded === 'object'
      ? 'notStarted' in loaded
        ? loaded.notStarted
        : loaded.definition
      : null;
  const noun = definitionRead?.copy.noun ?? defaultWording.noun;
  const wording = useMemo(() => ({ noun, requests }), [noun, requests]);
  // The journey under way, when this page shows its cancel step or that it expired rather than the step.
  const underWay = loaded && typeof loaded === 'object' && !('notStarted' in loaded) ? loaded : null;
  const cancelling =
    search.has('cancel') &&
    underWay !== null &&
    page.key !== underWay.definition.confirmationPage &&
    underWay.journey.status !== 'Submitted';
  const expired = underWay?.journey.status === 'Expired' && !page.journey.ends;
  // Asked for only by the views that link to it: on a step its answer came after the page had drawn (a
  // request of its own), and drew the whole step again. A step's Back link asks for it itself (BackLink).
  const linksToEntry = (definitionRead !== null && underWay === null) || cancelling || expired;
  const entryHref = useLinkHref({
    pageKey: linksToEntry ? (definitionRead?.entryPage ?? undefined) : undefined,
  });
  useDocumentTitle(cancelling ? `Cancel your ${noun}` : expired ? `Your ${noun} has expired` : title);

  /** The page itself, drawn under the journey's wording. */
  function content(): ReactNode {
    if (step.failure)
      return (
        <>
          <h1>{title}</h1>
          <LoadFailed what="show this page" load={step} />
        </>
      );
    if (loaded === undefined || loaded === 'moved') return <p className="page-loading">Loading...</p>;
    const AfterLapse = 'notStarted' in loaded ? loaded.audience.AfterLapse : undefined;
    if ('notStarted' in loaded && AfterLapse && page.key === loaded.notStarted.confirmationPage) {
      // A sent journey's confirmation opened again after its token lapsed: no journey to read, no new start.
      const { notStarted } = loaded;
      return (
        <AfterLapse
          definition={notStarted}
          heading={notStarted.copy.confirmationHeading ?? title}
          firstSlug={
            notStarted.pages.find((candidate) => candidate.key === notStarted.firstPage)?.slug ??
            entryHref ??
            routes.landing
          }
        >
          <PageBlocks blocks={page.blocks} />
        </AfterLapse>
      );
    }
    if ('notStarted' in loaded)
      return (
        <>
          <h1>{title}</h1>
          <StartJourney
            definition={loaded.notStarted}
            startCheck={loaded.audience.startCheck}
            pageKey={page.key}
            blocks={page.key === loaded.notStarted.firstPage ? page.blocks : []}
            onStarted={() => {
              // Start now gives way to the first question on the same address: focus goes to the main
              // content, as after a navigation, not to the page's top with the button gone.
              document.getElementById('main-content')?.focus({ preventScroll: true });
              void step.reload();
            }}
            fallbackHref={entryHref ?? routes.landing}
          />
        </>
      );
    const { definition, journey, previousSlug, audience } = loaded;
    const stage = page.journey.stage;
    const isSummary = page.key === definition.summaryPage;
    const isConfirmation = page.key === definition.confirmationPage;
    if (cancelling)
      return (
        <CancelApplication context={loaded} pageSlug={page.slug} leaveTo={entryHref ?? routes.landing} />
      );
    const firstSlug = loaded.slugOf(definition.firstPage);
    return (
      <>
        {definition.audience !== 'member' && journey.status === 'Started' && (
          <VisitorSessionWarning
            type={type}
            expiresAt={journey.expirationDate}
            restartHref={firstSlug}
            warnSeconds={audience.warningSeconds ?? VISITOR_WARNING_SECONDS}
            WhileUnderWay={audience.WhileUnderWay}
          />
        )}
        {!isConfirmation && <BackLink previousSlug={previousSlug} entryPage={definition.entryPage} />}
        {stage && definition.stages.some((candidate) => candidate.key === stage) && !isConfirmation && (
          <PageBlocks
            blocks={[{ type: 'journeyStageIndicator', stages: definition.stages, current: stage }]}
          />
        )}
        {/* A member's notice, days ahead; a visitor's time is the dialog above. */}
        {definition.audience === 'member' && journey.status === 'Started' && journey.aboutToExpire && (
          <div className="notice" role="status">
            Your {definition.copy.noun} will expire on {formatDate(journey.expirationDate.slice(0, 10))}. Send
            it before then, or your answers will be deleted and you will need to start again.
          </div>
        )}
        {page.journey.ends || journey.status === 'Ended' ? (
          <>
            <h1>{title}</h1>
            <PageBlocks blocks={page.blocks} />
            {startsAtFirstPage(definition) && definition.audience === 'member' && (
              <StartAgain
                type={type}
                firstPage={definition.firstPage}
                firstSlug={firstSlug}
                noun={definition.copy.noun}
              />
            )}
          </>
        ) : journey.status === 'Expired' ? (
          <>
            <h1>Your {noun} has expired</h1>
            <p>
              It was not sent by {formatDate(journey.expirationDate.slice(0, 10))}, so it can no longer be
              sent. Starting again clears its answers.
            </p>
            {hasLockedFigures(journey) && (
              <p>We do not keep an unsent {noun} once the figures in it are out of date.</p>
            )}
            {/* Started again where this journey starts: here for one its first page starts, else its section. */}
            {startsAtFirstPage(definition) && definition.audience === 'member' ? (
              <StartAgain type={type} firstPage={definition.firstPage} firstSlug={firstSlug} noun={noun} />
            ) : (
              <p>
                <Link to={entryHref ?? routes.landing}>Start a new {noun}</Link>
              </p>
            )}
          </>
        ) : isConfirmation ? (
          <Suspense fallback={<p className="page-loading">Loading...</p>}>
            <Confirmation page={page} context={loaded} />
          </Suspense>
        ) : (
          <>
            <h1>{title}</h1>
            <PageBlocks blocks={page.blocks} />
            {isSummary ? (
              <CheckAnswers context={loaded} />
            ) : (
              <StepForm key={page.key} pageKey={page.key} journeyPage={page.journey} context={loaded} />
            )}
            <p className="cancel-journey">
              <Link to={`${page.slug}?cancel`}>Cancel your {definition.copy.noun}</Link>
            </p>
          </>
        )}
      </>
    );
  }

  return <JourneyWordingContext.Provider value={wording}>{content()}</JourneyWordingContext.Provider>;
}

/**
 * Back to the page before; from the journey's first page, to the page it was started from. That page's
 * address is asked for here, so that its answer draws this link again rather than the whole step.
 */
function BackLink({ previousSlug, entryPage }: { previousSlug: string | null; entryPage: string | null }) {
  const { routes } = useTenant();
  const entryHref = useLinkHref({ pageKey: previousSlug === null ? (entryPage ?? undefined) : undefined });
  return (
    <Link className="back-link" to={previousSlug ?? entryHref ?? routes.landing}>
      Back
    </Link>
  );
}
