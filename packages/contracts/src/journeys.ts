import { z } from 'zod';
import { strictObject, tolerantObject, type ObjectSchemaFactory } from './authoring';
import { identityVerificationStatusSchema } from './identity-verification';
import { safeDate } from './input-policy';
import { visibilityRuleSchema } from './visibility-schema';
import { journeyAudienceSchema, journeyCopySchema } from './journey-lifecycle';
import { conditionNameSchema, journeyConditionSchema } from './journey-conditions';
import { answerKeySchema, journeyPageKeySchema, questionSchema } from './journey-kinds';

export * from './journey-lifecycle';

export const journeyTypeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{1,40}$/, 'a journey type such as retirement');

/**
 * What a journey page asks and where it leads, built with a strict object factory for authoring or a
 * tolerant one for delivery.
 */
function stepSchemas(object: ObjectSchemaFactory) {
  const text = z.string().min(1).max(500);
  const question = questionSchema(object);
  /** A checkbox list (declarations): the page cannot be left until every required box is ticked. */
  const checkboxes = object({
    key: answerKeySchema,
    legend: text,
    hint: z.string().max(1000).optional(),
    items: z
      .array(
        object({
          key: answerKeySchema,
          label: z.string().min(1).max(1000),
          required: z.boolean().optional(),
        }),
      )
      .min(1),
  });
  /** Goes to `next` when the condition holds over the answers so far (this page's included). */
  const route = object({ when: journeyConditionSchema, next: journeyPageKeySchema });
  /** A cross-field check: the page is refused with `message` (400 `code`) when `when` holds. */
  const check = object({
    when: journeyConditionSchema,
    message: text,
    code: z.string().regex(/^[a-z][a-z0-9_]{2,60}$/, 'lower-case letters, digits and underscores'),
  });
  const pageJourney = object({
    type: journeyTypeSchema,
    stage: z.string().min(1).max(60).optional(),
    question: question.optional(),
    checkboxes: checkboxes.optional(),
    /**
     * What the page shows besides its blocks and question: `contact-details` the member's name, email,
     * phone and postal address on record to confirm (or change the address); `identity-verification`
     * asks for proof of identity, and the page cannot be left until it has been sent.
     */
    shows: z.enum(['contact-details', 'identity-verification']).optional(),
    /** Checked in order before `next`; the first whose condition holds decides. */
    routes: z.array(route).optional(),
    next: journeyPageKeySchema.optional(),
    /** Refusals over the answers including this page's, checked in order when the page is left. */
    checks: z.array(check).optional(),
    /**
     * A terminal page: reaching it ends the journey (status Ended, with this reason, kept as history);
     * its blocks say why and what the member can do.
     */
    ends: object({
      reason: z.string().regex(/^[a-z][a-z0-9_]{2,60}$/, 'lower-case letters, digits and underscores'),
    }).optional(),
  });
  return { question, checkboxes, pageJourney };
}

const authored = stepSchemas(strictObject);
const delivered = stepSchemas(tolerantObject);

/** A page's place in a journey as a page file declares it: its stage, question and routing. */
export const pageJourneyFileSchema = authored.pageJourney;
/** A page's place in a journey as the content API delivers it. */
export const pageJourneySchema = delivered.pageJourney;
export type PageJourney = z.infer<typeof pageJourneySchema>;
export type JourneyCheckboxes = z.infer<typeof delivered.checkboxes>;

function definitionSchema(object: ObjectSchemaFactory) {
  return object({
    type: journeyTypeSchema,
    title: z.string().min(1).max(200),
    firstPage: journeyPageKeySchema,
    /** Check your answers: where Change links start and the application is submitted. */
    summaryPage: journeyPageKeySchema,
    /** Shown after submission, with the case reference. */
    confirmationPage: journeyPageKeySchema,
    /**
     * The content page (by its key) the journey is started from, such as the retirement options a
     * member chooses from: the first page's Back link returns there.
     */
    entryPage: journeyPageKeySchema.optional(),
    stages: z.array(object({ key: z.string().min(1).max(60), label: z.string().min(1).max(100) })).min(1),
    /** Days an unsubmitted journey is kept; a retirement date can bring it forward (spec e.10). */
    expiryDays: z.number().int().min(1).max(365).default(90),
    /**
     * The server plugin that locks what the journey needs when it starts: `retirement-quote` for the
     * DB retirement application (a chosen retirement quote, start-db-core-journey), `transfer-quote`
     * for the transfer application (the member's latest guaranteed transfer quote), `dc-quote-selection`
     * for the DC application (the option chosen in DC quote selection, start-dc-journey).
     */
    startsFrom: z.enum(['retirement-quote', 'transfer-quote', 'dc-quote-selection']).optional(),
    /** Who may start it, over the content access key; others are told why not. */
    eligibility: visibilityRuleSchema.optional(),
    /** A formal quote the member may ask for before applying (`submit-case`): the case it opens. */
    quoteRequest: object({
      caseType: z.string().regex(/^[A-Z0-9]{2,10}$/, 'a case code such as RTQ9'),
      title: z.string().min(1).max(200),
    }).optional(),
    /**
     * The member proves it is them again (a code to a settled contact route, fresh for
     * STEP_UP_FRESH_MINUTES) before the submit is accepted: a stolen session cannot send it.
     */
    stepUpBeforeSubmit: z.boolean().optional(),
    /** The case the submission opens with the administrator. */
    caseType: z.string().regex(/^[A-Z0-9]{2,10}$/, 'a case code such as RTP9'),
    /** Documents the case lists as outstanding; one with `when` only when its condition holds. */
    caseDocuments: z
      .array(
        z.union([
          z.string().min(1).max(200),
          object({ name: z.string().min(1).max(200), when: journeyConditionSchema }),
        ]),
      )
      .default([]),
    /** Conditions by name, for `{ "condition": "<name>" }` in routes, checks and case documents. */
    conditions: z.record(conditionNameSchema, journeyConditionSchema).optional(),
    confirmationEmail: object({ subject: z.string().min(1).max(200), body: z.string().min(1).max(4000) }),
    /**
     * Sent to the member as the confirmation email is when the journey's plugin records its ending as a
     * refusal (the transfer application's red flags): `{name}`, `{caseNumber}` and `{reason}`, the refusal
     * page's words (why, then what they can do).
     */
    refusalEmail: object({
      subject: z.string().min(1).max(200),
      body: z.string().min(1).max(4000),
    }).optional(),
    /** The journey's own words for the engine's pages and its PDF; defaults say "application". */
    copy: journeyCopySchema(object).optional(),
    /** `visitor`: walked without signing in, under `/api/visitor/journeys/...` with a visitor token. */
    audience: journeyAudienceSchema.optional(),
    /** A visitor journey's email question: its answer gets the confirmation email. */
    confirmationEmailTo: answerKeySchema.optional(),
    /**
     * A visitor journey's question naming who sent it (a `person` with a name, or an email address):
     * staff read its case as sent by that answer, "(not signed in)".
     */
    sentBy: answerKeySchema.optional(),
  });
}

export const journeyDefinitionFileSchema = definitionSchema(strictObject);
export const journeyDefinitionSchema = definitionSchema(tolerantObject);
export type JourneyDefinition = z.infer<typeof journeyDefinitionSchema>;

/**
 * The longest answer value: a composite kind's JSON, such as a list of 20 people with their addresses
 * and shares (about 5,000 characters).
 */
export const JOURNEY_ANSWER_VALUE_MAX = 8_000;

/** The answer a member gave on a page. */
export const journeyAnswerSchema = z.object({
  questionKey: answerKeySchema,
  answerKey: z.string().min(1).max(1000),
  answerValue: z.string().max(JOURNEY_ANSWER_VALUE_MAX).nullable(),
});
export const journeyCheckboxSchema = z.object({ key: answerKeySchema, answerValue: z.boolean() });

/** One page the member has passed, as stored: where it led, what was answered and ticked. */
export const journeyStepSchema = z.object({
  pageKey: journeyPageKeySchema,
  nextPageKey: journeyPageKeySchema.nullable(),
  answer: journeyAnswerSchema.nullable(),
  checkboxesLists: z.record(z.string(), z.array(journeyCheckboxSchema)),
  stepData: z.record(z.string(), z.unknown()),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type JourneyStep = z.infer<typeof journeyStepSchema>;

export const journeyStatusSchema = z.enum(['Started', 'Submitted', 'Cancelled', 'Ended', 'Expired']);
export type JourneyStatus = z.infer<typeof journeyStatusSchema>;

// ---- Requests and responses of /mdp-api/api/journeys/{type}/... ----

export const journeyTypeParamsSchema = z.object({ journeyType: journeyTypeSchema });
export const journeyPageParamsSchema = journeyTypeParamsSchema.extend({ pageKey: journeyPageKeySchema });

export const journeyStepRequestSchema = z.object({
  currentPageKey: journeyPageKeySchema,
  /** The page the client expects next; refused when the journey's routing says otherwise. */
  nextPageKey: journeyPageKeySchema.optional(),
});
export const journeyQuestionStepRequestSchema = journeyStepRequestSchema.extend({
  questionKey: answerKeySchema,
  answerKey: z.string().min(1).max(1000),
  answerValue: z.string().max(JOURNEY_ANSWER_VALUE_MAX).optional(),
});
export const journeyNextPageSchema = z.object({ nextPageKey: journeyPageKeySchema.nullable() });

export const startDbCoreJourneyRequestSchema = z.object({
  retirementDate: safeDate(),
  /** The option chosen from the quote's options list. */
  selectedQuoteName: z.string().min(2).max(100),
  /** The tax-free cash chosen, in pence, when the member changed it. */
  requestedLumpSumPence: z.number().int().min(0).max(100_000_000_00).optional(),
});

export const journeyChoiceSchema = z.object({
  retirementDate: z.string(),
  selectedQuoteName: z.string(),
  optionLabel: z.string(),
  lumpSumPence: z.number().int(),
  annualPensionPence: z.number().int(),
  quoteCalculatedOn: z.string(),
  /** When the tax-free cash and the first monthly payment are paid, for that retirement date. */
  lumpSumPaymentDate: z.string().optional(),
  firstPaymentDate: z.string().optional(),
  /**
   * A member with AVCs: the fund, the part paid as tax-free cash (first, before pension is given up) and
   * the rest buying extra pension (a year; null when the scheme works it out on the application).
   */
  avc: z
    .object({
      fundPence: z.number().int(),
      asCashPence: z.number().int(),
      toPensionPence: z.number().int(),
      extraPensionPence: z.number().int().nullable(),
    })
    .optional(),
});
export type JourneyChoice = z.infer<typeof journeyChoiceSchema>;

/** A heading and its lines, as a journey's plugin words what it locked (check your answers, the PDF). */
const lockedSectionSchema = z.object({
  heading: z.string(),
  lines: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      /**
       * Where to go about this line, shown only when it applies (a transfer guarantee that has ended
       * links to Your transfer value for a new statement): check your answers shows it after the value.
       */
      link: z.object({ text: z.string(), href: z.string() }).optional(),
    }),
  ),
});

export const journeyStateSchema = z.object({
  type: journeyTypeSchema,
  status: journeyStatusSchema,
  startDate: z.string(),
  expirationDate: z.string(),
  /** True in the last 7 days before an unsubmitted journey expires. */
  aboutToExpire: z.boolean(),
  submissionDate: z.string().nullable(),
  caseNumber: z.string().nullable(),
  /** The page the member should be on now: the first one not yet answered. */
  currentPageKey: journeyPageKeySchema,
  /**
   * The DB quote a retirement application locked, for the MDP API's retirement application; null for
   * every other journey. The engine's pages never read it: they show `lockedSection` and `lockedWords`.
   */
  choice: journeyChoiceSchema.nullable(),
  /**
   * What the journey locked at start, as its plugin words it for the PDF ("Your choice" and its lines):
   * check your answers shows it. Absent when nothing is locked.
   */
  lockedSection: lockedSectionSchema.optional(),
  /**
   * What the journey's plugin says of its lock on the cancel and confirmation pages, in its own words;
   * absent when it says nothing (the engine's pages then say nothing of the lock).
   */
  lockedWords: z
    .object({
      /** Follows "You started it on <date>" on the cancel page: "to retire on 01 Jun 2027". */
      startedFor: z.string().optional(),
      /** What cancelling loses besides the answers: "the option you chose". */
      cancelLoses: z.string().optional(),
      /** A section of the confirmation page after what was sent ("When you will be paid"). */
      confirmation: lockedSectionSchema.optional(),
    })
    .optional(),
  /**
   * The figures locked at start that the journey's questions take a limit from (a money question's
   * `maxFigure`), by name, in pence: the browser words and checks the limit as the server does.
   */
  figures: z.record(z.string(), z.number()).optional(),
  /** What is on record to confirm on a contact-details page (the postal address as its lines). */
  contact: z.object({
    fullName: z.string(),
    emailAddress: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.array(z.string()).nullable(),
  }),
  /** Where the member's proof of identity stands, from the scheme's own record of it. */
  identity: z.object({
    status: identityVerificationStatusSchema,
    documentName: z.string().nullable(),
  }),
  steps: z.array(journeyStepSchema),
});
export type JourneyState = z.infer<typeof journeyStateSchema>;

export const journeyIntegritySchema = z.object({ redirectStepPageKey: journeyPageKeySchema });
export const journeyPreviousStepSchema = z.object({ previousPageKey: journeyPageKeySchema });
export const journeyQuestionFormSchema = z.object({
  questionKey: z.string().nullable(),
  answerKey: z.string().nullable(),
  answerValue: z.string().nullable(),
});
export const journeyStepDataParamsSchema = journeyPageParamsSchema.extend({
  formKey: z.string().regex(/^[A-Za-z0-9_]{2,60}$/, 'letters, digits and underscores'),
});
export const journeyStepDataRequestSchema = z.object({ genericDataJson: z.string().min(2).max(20_000) });
export const journeyStepDataSchema = z.object({
  formKey: z.string(),
  genericDataJson: z.string().nullable(),
});
export const journeyCheckboxesRequestSchema = z.object({
  checkboxesListKey: answerKeySchema,
  checkboxes: z.array(journeyCheckboxSchema).max(50),
});
export const journeyCheckboxesParamsSchema = journeyPageParamsSchema.extend({
  checkboxesListKey: answerKeySchema,
});
export const journeyCheckboxesSchema = z.object({
  checkboxesListKey: z.string(),
  checkboxes: z.array(journeyCheckboxSchema),
});
/** A journey the member has started and not sent: where My requests offers to continue or cancel it. */
export const journeyInProgressSchema = z.object({
  type: journeyTypeSchema,
  title: z.string(),
  status: journeyStatusSchema,
  startDate: z.string(),
  expirationDate: z.string(),
  /** The address of the page the member has reached. */
  currentPageSlug: z.string(),
});
export type JourneyInProgress = z.infer<typeof journeyInProgressSchema>;
/** A journey the member cancelled, kept as history: My requests lists it beside what was sent. */
export const journeyCancelledSchema = z.object({
  type: journeyTypeSchema,
  title: z.string(),
  startDate: z.string(),
  cancelledDate: z.string(),
});
export type JourneyCancelled = z.infer<typeof journeyCancelledSchema>;

export const journeySubmitResponseSchema = z.object({ caseNumber: z.string(), submissionDate: z.string() });

/** A case with the administrator: an application or a quote request, as My requests shows it. */
export const memberCaseSchema = z.object({
  caseNumber: z.string(),
  caseType: z.string(),
  title: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  documents: z.array(z.object({ name: z.string(), status: z.enum(['outstanding', 'received', 'complete']) })),
  journeyType: z.string().nullable(),
  /** The scheme's latest note to the member about this case (from the operations console). */
  memberNote: z.string().nullable().optional(),
  /** Completed, rejected or otherwise closed: nothing more is sent with it (409 `case_closed`). */
  closed: z.boolean(),
});
export type MemberCase = z.infer<typeof memberCaseSchema>;
