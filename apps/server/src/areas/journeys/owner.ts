import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  FileQuestion,
  JourneyAudience,
  JourneyState,
  JourneyStatus,
  JourneyStep,
  UploadedFileAnswer,
} from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import type { JourneyGraph } from './graph';
import type { MemberRecord, Queryable } from './repository';

/**
 * Who a journey belongs to, for the one set of journey routes (routes.ts) mounted once per owner: a
 * signed-in member's record (`portal.journeys`, member-owner.ts) or a visitor's short-lived token
 * (`portal.visitor_journeys`, visitor-owner.ts). The engine asks the owner who is asking and which
 * store holds their journey; the stores stay apart.
 */

/** The app a plugin of zod-typed routes is given. */
export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** A journey as either store keeps it. */
export interface OwnedJourney {
  id: string;
  type: string;
  status: JourneyStatus;
  steps: unknown[];
  /** What the journey locked when it started (a chosen quote); members' journeys only. */
  choice?: Record<string, unknown> | null;
  startedAt: Date;
  expiresAt: Date;
  submittedAt: Date | null;
  caseNumber: string | null;
}

/** A change to a stored journey: its steps, or its closing (cancelled, ended, submitted). */
export interface JourneyChange {
  steps?: JourneyStep[];
  status?: 'Cancelled' | 'Ended';
  closedAt?: Date;
  endReason?: string;
  /** The case opened for it: on submission, or by its plugin's `ended` hook on a terminal page. */
  caseNumber?: string;
}

/** What a start locks: asked once the store knows it is opening (or re-locking) a journey. */
export interface JourneyLock {
  /** Whether an open journey is locked again, keeping its answers (re-choosing a quote), rather than refused. */
  relocks: boolean;
  take(now: Date): Promise<{ choice: Record<string, unknown> | null; expiresAt: Date }>;
  /**
   * Locks an open journey again (`relocks`): what `take` locks, and the journey's kept steps checked
   * again with the new lock's figures (the engine's recheckedSteps): the route stops at the first page
   * whose answer the new figures refuse, the answer kept to change; the steps unchanged when all fit.
   */
  retake(
    now: Date,
    steps: readonly JourneyStep[],
  ): Promise<{ choice: Record<string, unknown> | null; expiresAt: Date; steps: JourneyStep[] }>;
}

/** What the file kind's check asks an owner about the upload an answer names. */
export interface UploadCheck {
  db: Database;
  request: FastifyRequest;
  graph: JourneyGraph;
  question: FileQuestion;
  uploaded: UploadedFileAnswer;
}

/** Route schema pieces that differ by owner (the start's body and answer, the submit's step-up). */
interface RouteParts {
  summary?: string;
  body?: ZodType;
  headers?: ZodType;
  querystring?: ZodType;
  /** Answers besides the errors every journey route has. */
  response?: Record<number, ZodType>;
  config?: Record<string, unknown>;
}

export interface JourneyOwner {
  audience: JourneyAudience;
  /** The OpenAPI tag of the owner's routes. */
  tag: string;
  /** Who is asking, in the routes' summaries ("member", "visitor"). */
  who: string;
  /** Adds the hooks that refuse anyone who is not this kind of owner (a member session, a visitor token). */
  guard(app: RoutesApp): void;
  /** The owner's record, for plugins that act on it; null for a visitor. */
  recordOf(request: FastifyRequest): MemberRecord | null;
  /**
   * The journey type as this owner walks it, with the facts its conditions read about the owner (a
   * member's access key); 404 for a type that is not for this owner. `view` is for its definition
   * alone (no facts); `start` also refuses an owner the journey is not open to.
   */
  graphOf(request: FastifyRequest, type: string, use?: 'walk' | 'view' | 'start'): Promise<JourneyGraph>;
  /** The owner's latest journey of the type (locked for update when asked); 404/401 when there is none. */
  journeyOf(db: Queryable, request: FastifyRequest, type: string, lock?: boolean): Promise<OwnedJourney>;
  /**
   * Whether the upload a file question's answer names is the owner's own, in the question's upload
   * context and under that name (a member's documents; a report's own documents): the file kind's
   * check (kind-checks.ts) refuses it otherwise.
   */
  holdsUpload(check: UploadCheck): Promise<boolean>;
  /** Saves a change to the journey (a visitor's is kept alive for its minutes again). */
  save(db: Queryable, journey: OwnedJourney, change: JourneyChange, now: Date): Promise<void>;
  /** What `data` answers besides the route and the lock: the owner's details on record. */
  detailsOf(
    request: FastifyRequest,
    journey: OwnedJourney,
    now: Date,
  ): Promise<Pick<JourneyState, 'aboutToExpire' | 'contact' | 'identity'>>;
  start: {
    schema: RouteParts;
    /**
     * Opens a journey in the start's transaction: null when the owner has one open already (a racing
     * start included) that `lock` does not re-lock; else how to answer the start (a visitor's token
     * goes back as a cookie). `lock` gives what the journey locks, asked only when it is opened.
     */
    open(
      tx: Transaction,
      request: FastifyRequest,
      graph: JourneyGraph,
      lock: JourneyLock,
    ): Promise<((reply: FastifyReply) => FastifyReply) | null>;
  };
  submit: {
    schema: RouteParts;
    send(request: FastifyRequest, type: string): Promise<{ caseNumber: string; submissionDate: string }>;
  };
  pdf: {
    schema: RouteParts;
    send(request: FastifyRequest, reply: FastifyReply, type: string): Promise<unknown>;
  };
  /**
   * After a page is left and saved, before the answer goes: a visitor kind may give the journey a new
   * token in that answer (a report whose email was just proven).
   */
  stepped?(request: FastifyRequest, reply: FastifyReply, type: string): Promise<void>;
  /** After a cancel is committed (a visitor's cookie is cleared). */
  cancelled?(reply: FastifyReply, type: string): void;
  /** Routes only this owner has (a member's list of journeys, a visitor's keep-alive). */
  routes?(app: RoutesApp): void;
}
