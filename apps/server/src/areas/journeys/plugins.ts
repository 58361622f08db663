import type { FastifyRequest } from 'fastify';
import type {
  IdentityVerificationStatus,
  JourneyDefinition,
  JourneyState,
  JourneyStep,
  PageJourney,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database, Transaction } from '../../db/client';
import type { members } from '../../db/schema';
import type { CodeOwner } from '../../lib/one-time-codes';
import type { JourneyGraph, JourneyPage } from './graph';
import type { JourneyOwner, RoutesApp } from './owner';
import type { MemberRecord, Queryable } from './repository';

/** A section of check your answers or the PDF: a heading and its lines. */
export interface AnswerSection {
  heading: string;
  lines: Array<{ label: string; value: string }>;
}

/** What a plugin says of its lock outside check your answers, in the member's words (journey state). */
export type LockedWords = NonNullable<JourneyState['lockedWords']>;

/** What a page check reads: who is asking, the journey, the page being left and the answer sent. */
export interface PageCheckContext {
  db: Database;
  request: FastifyRequest;
  graph: JourneyGraph;
  page: JourneyPage;
  /** Whose journey it is (a member's record, a visitor's token): what only the owner can say. */
  owner: JourneyOwner;
  /** The answer as sent, before its kind has read it: a check leaves a malformed one to the kind. */
  answer?: { questionKey: string; answerKey: string; answerValue?: string };
}

/**
 * A check made before a page is left, on the pages it applies to (those that show something, or ask a
 * kind of question); it refuses by throwing an AppError (a 4xx with a code), and nothing is saved.
 */
export interface PageCheck {
  appliesTo: { shows: NonNullable<PageJourney['shows']> } | { questionKind: string };
  check(context: PageCheckContext): Promise<void>;
}

/** What a submit check reads: the member's route through the journey and what it locked at start. */
export interface SubmitCheckContext {
  db: Database;
  request: FastifyRequest;
  graph: JourneyGraph;
  path: readonly JourneyStep[];
  locked: unknown;
}

/**
 * What a submit check that lets the journey through wants its case to carry: notes for the staff who
 * work it (an adviser the register could not be asked about), on the case's timeline, not the member's.
 */
export interface SubmitFindings {
  caseNotes: readonly string[];
}

/**
 * A check made before a journey is submitted (a guarantee expiring); throws an AppError to refuse, or
 * answers the notes the case is to carry.
 */
export type SubmitCheck = (context: SubmitCheckContext) => Promise<SubmitFindings | void>;

/** What a start check reads: who is asking and the journey they are starting. */
export interface StartCheckContext {
  db: Database;
  request: FastifyRequest;
  graph: JourneyGraph;
}

/**
 * A check made before a journey is started (another request of its kind still waiting on the scheme);
 * throws an AppError to refuse, and nothing is opened.
 */
export type StartCheck = (context: StartCheckContext) => Promise<void>;

/** What a start's lock reads: the start's transaction, who is asking and what they asked with. */
export interface LockContext {
  /** The start's transaction: what the lock reads or locks, it does through this. */
  tx: Transaction;
  request: FastifyRequest;
  graph: JourneyGraph;
  calculations: CalculationProvider;
  /** What the start was asked with (its route's body), for the plugin to read and refuse. */
  input: unknown;
  now: Date;
}

/**
 * What an ending hook reads: a journey a step has just ended on a terminal page, inside that step's
 * transaction (before it commits).
 */
export interface EndedContext {
  /** The ending step's transaction: what the hook records, it records through this, with the ending. */
  tx: Transaction;
  request: FastifyRequest;
  /** The journey as its conditions saw it (the owner's facts and the figures it locked). */
  graph: JourneyGraph;
  /** Whose journey it is: the member's record; null for a visitor. */
  record: MemberRecord | null;
  /** The terminal page reached (its key and page), and the reason it ends with (`ends.reason`). */
  pageKey: string;
  page: JourneyPage;
  reason: string;
  /** Every page left on the way to the terminal page, in route order, with its answer. */
  path: readonly JourneyStep[];
  /** What the journey locked at start. */
  locked: unknown;
  now: Date;
}

/** What a journey keeps from its start: `locked` (its figures and choice), and an expiry of its own. */
export interface Locked {
  locked: Record<string, unknown>;
  /** When the journey expires, where the definition's `expiryDays` would be too late. */
  expiresAt?: Date;
}

/**
 * What a kind of journey adds to the generic engine, found by the definition's `startsFrom`: the
 * engine calls these hooks and knows nothing of any journey itself.
 */
export interface JourneyPlugin {
  startsFrom: NonNullable<JourneyDefinition['startsFrom']>;
  /**
   * What this journey locks, or checks, is a member's (their record, their quote): content sync
   * refuses it on a visitor journey.
   */
  needsMember: boolean;
  /**
   * Locks what the journey needs when it starts (a quote's figures), inside the generic start's
   * transaction, from what the start was asked with; throws an AppError (a 4xx) to refuse the start.
   */
  lock?(context: LockContext): Promise<Locked>;
  /**
   * Starting while one is open locks it again and keeps its answers (re-choosing a quote), where a
   * journey without it refuses a second start (409 journey_in_progress).
   */
  relocks?: boolean;
  /**
   * Its lock reads nothing from the start's body, so the journey's first page starts it (Start now)
   * as a journey without a plugin does, where a journey started elsewhere (a chosen quote) is not.
   */
  startsAtFirstPage?: boolean;
  /**
   * What the journey locked in when it started (a chosen quote), as the PDF shows it, drawn at `at`
   * (the submission: a deadline counted from then), with the member's route so far for what follows
   * from the lock and an answer (the part of a transfer value chosen and the pension kept).
   */
  lockedSection(locked: unknown, at: Date, path: readonly JourneyStep[]): AnswerSection;
  /**
   * What the cancel and confirmation pages say of the lock (what it was started for, what cancelling
   * loses, a section after what was sent), drawn at `at`; without it they say nothing of it.
   */
  lockedWords?(locked: unknown, at: Date): LockedWords;
  /**
   * The journey state's `choice`: the lock in the shape a chosen DB quote has, kept for the MDP API's
   * retirement application (the DB plugin's alone); null for every other journey.
   */
  quoteChoice?(locked: unknown): JourneyState['choice'];
  /** The locked figures conditions may compare (`{ "figure": name, "gt": ... }`), amounts in pence. */
  figures?: { names: readonly string[]; of(locked: unknown): Record<string, number> };
  /** Checks on this journey's pages, besides those every journey has. */
  pageChecks?: readonly PageCheck[];
  /** Checked before this journey is submitted, besides those every journey has. */
  submitChecks?: readonly SubmitCheck[];
  /**
   * The journey has just ended on a terminal page: what the scheme records of it (a case for the
   * trustees), in the ending step's transaction. The case it answers is kept with the ended journey
   * (its `caseNumber`); throwing refuses the step, and nothing is saved.
   */
  ended?(context: EndedContext): Promise<{ caseNumber: string } | null>;
  /** What else goes when the member cancels it (in the cancel's transaction), given what it locked. */
  cancelled?(tx: Queryable, record: MemberRecord, locked: unknown): Promise<void>;
}

/** The step-up code a member sends with a submit (its nonce in a header), for a submit hook to confirm. */
export interface SubmitStepUp {
  nonce: string | undefined;
  code: string | undefined;
}

/** What a submit hook reads: a member's journey about to be submitted, read before its transaction. */
export interface SubmitHookContext {
  db: Database;
  request: FastifyRequest;
  /** The journey as it stands (the owner's facts and what it locked). */
  graph: JourneyGraph;
  steps: readonly JourneyStep[];
  member: typeof members.$inferSelect;
  /** Who a one-time code sent for the journey was sent to. */
  owner: CodeOwner;
  stepUp: SubmitStepUp;
}

/**
 * How a submit hook takes part in a submission: `run` opens the submission's transaction itself (a
 * one-time code confirmed in it) and calls `inside` in it, so what the hook saves commits or rolls back
 * with the case; `after` runs once it has committed (the notices it queued are sent).
 */
export interface SubmitWrap {
  run<T>(inside: (tx: Transaction) => Promise<T>): Promise<T>;
  after?(): Promise<void>;
}

/**
 * Called before a started member journey is submitted, after the submit checks, by the area that owns
 * something a journey's answers change (a bank account given becomes the member's): null when it has
 * nothing to do; it refuses by throwing an AppError (428 `step_up_required` without a code).
 */
export type SubmitHook = (context: SubmitHookContext) => Promise<SubmitWrap | null>;

/** What the scheme holds of a member that journeys show and their cases record. */
export interface MemberRecords {
  /** Where the member's proof of identity stands: a page that `shows: identity-verification` shows it. */
  identity: { status: IdentityVerificationStatus; documentName: string | null };
  /** Case documents the scheme already holds: a case opened on submission lists them received. */
  receivedDocuments: readonly string[];
}

/** Reads what an area holds of the member, for journeys: what it does not say keeps its default. */
export type MemberRecordsReader = (context: {
  db: Database;
  request: FastifyRequest;
  record: MemberRecord;
}) => Promise<Partial<MemberRecords>>;

/** Routes a member's journeys have that an area owns (a journey's bank account's step-up code). */
export type MemberJourneyRoutes = (app: RoutesApp, context: { db: Database; owner: JourneyOwner }) => void;

const plugins = new Map<string, JourneyPlugin>();
const everyJourney = {
  pageChecks: [] as PageCheck[],
  submitChecks: [] as SubmitCheck[],
  startChecks: [] as StartCheck[],
  submitHooks: [] as SubmitHook[],
  recordReaders: [] as MemberRecordsReader[],
  memberRoutes: [] as MemberJourneyRoutes[],
};

export function registerJourneyPlugin(plugin: JourneyPlugin) {
  plugins.set(plugin.startsFrom, plugin);
}

/** A check on every journey's pages, registered by the area that owns what it checks. */
export function registerPageCheck(check: PageCheck) {
  everyJourney.pageChecks.push(check);
}

/** A check before any journey is submitted, registered by the area that owns what it checks. */
export function registerSubmitCheck(check: SubmitCheck) {
  everyJourney.submitChecks.push(check);
}

/** A check before any journey is started, registered by the area that owns what it checks. */
export function registerStartCheck(check: StartCheck) {
  everyJourney.startChecks.push(check);
}

/** A hook on every member journey's submission, registered by the area that owns what it saves. */
export function registerSubmitHook(hook: SubmitHook) {
  everyJourney.submitHooks.push(hook);
}

/** A reader of what the scheme holds of the member, registered by the area that holds it. */
export function registerMemberRecords(reader: MemberRecordsReader) {
  everyJourney.recordReaders.push(reader);
}

/** Routes every member journey has, registered by the area that answers them. */
export function registerMemberJourneyRoutes(routes: MemberJourneyRoutes) {
  everyJourney.memberRoutes.push(routes);
}

export const pluginOf = (definition: JourneyDefinition): JourneyPlugin | undefined =>
  definition.startsFrom ? plugins.get(definition.startsFrom) : undefined;

/** Whether the journey's first page starts it: no plugin, or one whose lock needs nothing from the start. */
export const startsAtFirstPage = (definition: JourneyDefinition): boolean =>
  !definition.startsFrom || pluginOf(definition)?.startsAtFirstPage === true;

/** The figure names a journey's conditions may use: those its plugin locks. */
export const figureNamesOf = (definition: JourneyDefinition): readonly string[] =>
  pluginOf(definition)?.figures?.names ?? [];

/** The locked figures, by name, for the journey's conditions; none when nothing was locked. */
export const lockedFiguresOf = (definition: JourneyDefinition, locked: unknown): Record<string, number> => {
  const figures = pluginOf(definition)?.figures;
  return figures && locked ? figures.of(locked) : {};
};

const applies = (check: PageCheck, page: JourneyPage) =>
  'shows' in check.appliesTo
    ? page.shows === check.appliesTo.shows
    : page.question?.kind === check.appliesTo.questionKind;

/** Runs the checks that apply to the page being left: every journey's, then the journey's own. */
export async function runPageChecks(context: PageCheckContext) {
  const checks = [...everyJourney.pageChecks, ...(pluginOf(context.graph.definition)?.pageChecks ?? [])];
  for (const check of checks) if (applies(check, context.page)) await check.check(context);
}

/**
 * Runs the checks made before a journey is submitted: every journey's, then the journey's own; answers
 * the notes they leave for the case's staff, in that order.
 */
export async function runSubmitChecks(context: SubmitCheckContext): Promise<string[]> {
  const checks = [...everyJourney.submitChecks, ...(pluginOf(context.graph.definition)?.submitChecks ?? [])];
  const caseNotes: string[] = [];
  for (const check of checks) caseNotes.push(...((await check(context))?.caseNotes ?? []));
  return caseNotes;
}

/** Runs the checks made before a journey is started. */
export async function runStartChecks(context: StartCheckContext) {
  for (const check of everyJourney.startChecks) await check(context);
}

/**
 * Runs the submit hooks: at most one may take part in a submission (each would open the transaction),
 * so a second one with something to do is a fault, not a refusal.
 */
export async function runSubmitHooks(context: SubmitHookContext): Promise<SubmitWrap | null> {
  const wraps: SubmitWrap[] = [];
  for (const hook of everyJourney.submitHooks) {
    const wrap = await hook(context);
    if (wrap) wraps.push(wrap);
  }
  if (wraps.length > 1) throw new Error('Two submit hooks take part in one submission');
  return wraps[0] ?? null;
}

/** What the scheme holds of the member, from every area registered: none sent, nothing received, else. */
export async function memberRecordsOf(context: Parameters<MemberRecordsReader>[0]): Promise<MemberRecords> {
  const records: MemberRecords = {
    identity: { status: 'not_started', documentName: null },
    receivedDocuments: [],
  };
  for (const read of everyJourney.recordReaders) {
    const found = await read(context);
    if (found.identity) records.identity = found.identity;
    if (found.receivedDocuments)
      records.receivedDocuments = [...records.receivedDocuments, ...found.receivedDocuments];
  }
  return records;
}

/** Adds the member journey routes the areas registered. */
export function addMemberJourneyRoutes(app: RoutesApp, context: { db: Database; owner: JourneyOwner }) {
  for (const routes of everyJourney.memberRoutes) routes(app, context);
}
