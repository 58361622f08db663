import { z } from 'zod';
import { addressSchema } from '../my-details';
import {
  accepted,
  parsedJson,
  refused,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';

/** A UK address as an address answer keeps it: up to three lines, the town and the postcode. */
export interface UkAddress {
  lines: string[];
  town: string;
  postcode: string;
}

/** The address boxes a form shows, by the name each problem is reported against. */
/** A UK address every address question accepts: what the content-driven journey tests answer with. */
export const exampleAddress = { line1: '22 Quay Street', town: 'Manchester', postcode: 'M3 3JZ' };

export const ukAddressFieldNames = ['line1', 'line2', 'line3', 'town', 'postcode'] as const;
export type UkAddressFieldName = (typeof ukAddressFieldNames)[number];
export type UkAddressInput = Partial<Record<UkAddressFieldName, string>>;

export interface FieldProblem {
  /** The box at fault, as the form names it. */
  field: string;
  code: string;
  message: string;
}

const fieldOfIssue = (path: PropertyKey[]): UkAddressFieldName => {
  if (path[0] === 'lines') return 'line1';
  return path[0] === 'town' ? 'town' : 'postcode';
};

/**
 * Reads a UK address as typed (or found by the postcode lookup), with the rules My details checks an
 * address by: a first line, a town, a real UK postcode (kept in its normal form, "SW1A 2AA").
 */
export function readUkAddress(
  input: UkAddressInput,
): { ok: true; address: UkAddress } | { ok: false; problems: FieldProblem[] } {
  const parsed = addressSchema.safeParse({
    lines: [input.line1 ?? '', input.line2 ?? '', input.line3 ?? ''],
    town: input.town ?? '',
    postcode: input.postcode ?? '',
    countryCode: 'GB',
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      field: fieldOfIssue(issue.path),
      code: 'invalid_address',
      message: issue.message,
    }));
    // One message per box, the first found.
    return {
      ok: false,
      problems: problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i),
    };
  }
  const { lines, town, postcode } = parsed.data;
  return { ok: true, address: { lines, town, postcode } };
}

/** An address as the form's boxes show it again. */
export const ukAddressInputOf = (address: UkAddress): UkAddressInput => ({
  line1: address.lines[0],
  line2: address.lines[1],
  line3: address.lines[2],
  town: address.town,
  postcode: address.postcode,
});

export const ukAddressLine = (address: UkAddress) =>
  [...address.lines, address.town, address.postcode].join(', ');

const storedAddressSchema = z.object({
  lines: z.array(z.string()).min(1).max(3),
  town: z.string(),
  postcode: z.string(),
});

/** The stored address of an answer, or null when it holds none. */
export const ukAddressOf = (value: string | null): UkAddress | null => {
  const parsed = storedAddressSchema.safeParse(parsedJson(value));
  return parsed.success ? parsed.data : null;
};

const addressQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({ kind: z.literal('address'), ...shared });
export type AddressQuestion = z.infer<ReturnType<typeof addressQuestion>>;

/**
 * A UK address, found by its postcode with the lookup My details uses or typed in; the answer's value
 * is the address as JSON (lines, town, postcode) and its key the postcode.
 */
export const addressKind: QuestionKind<AddressQuestion> = {
  kind: 'address',
  examples: () => ({
    // As the field sends it: the lines in a list, not the boxes' line1, line2 and line3.
    accepted: [
      {
        answerKey: 'provided',
        answerValue: JSON.stringify({
          lines: [exampleAddress.line1],
          town: exampleAddress.town,
          postcode: exampleAddress.postcode,
        }),
      },
    ],
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: addressQuestion,
  read(question, submitted) {
    const typed = z.record(z.string(), z.unknown()).safeParse(parsedJson(submitted.answerValue));
    if (!typed.success) return refused('invalid_address', 'Enter the address, or find it by its postcode');
    const text = (name: string) => (typeof typed.data[name] === 'string' ? (typed.data[name] as string) : '');
    const lines = Array.isArray(typed.data.lines) ? typed.data.lines.map(String) : [];
    const read = readUkAddress({
      line1: lines[0],
      line2: lines[1],
      line3: lines[2],
      town: text('town'),
      postcode: text('postcode'),
    });
    if (!read.ok) return refused('invalid_address', read.problems[0]!.message);
    return accepted(question, read.address.postcode, JSON.stringify(read.address));
  },
  display(_question, answer) {
    const address = ukAddressOf(answer.answerValue);
    return address ? ukAddressLine(address) : '';
  },
  conditionValue: (answer) => answer.answerKey,
};
