import { z } from 'zod';
import { internationalNumber } from '../my-details';
import { phoneNumberAsDialled } from '../phone-display';
import { textProblem, EARLIEST_DATE } from '../input-policy';
import { hiddenCharacterProblem } from '../hidden-characters';
import {
  exampleAddress,
  readUkAddress,
  ukAddressLine,
  type FieldProblem,
  type UkAddress,
  type UkAddressInput,
} from './address';
import { dayMonthYear } from './format';
import {
  accepted,
  parsedJson,
  refused,
  type KindContext,
  type ObjectSchemaFactory,
  type QuestionKind,
  type SharedQuestionFields,
} from './kind';
import { personRelationships, relationshipLabel, type PersonRelationship } from './relationships';

/** What a person question may ask, each a field (or a few boxes) on the one page. */
export const personFieldNames = [
  'name',
  'date-of-birth',
  'relationship',
  'email',
  'phone',
  'address',
] as const;
export type PersonFieldName = (typeof personFieldNames)[number];

export const personLimits = { forenames: 32, surname: 20, email: 100 } as const;

/** A person as an answer keeps them: the fields the question asks, and no others. */
export interface Person {
  forenames?: string;
  surname?: string;
  dateOfBirth?: string;
  relationship?: PersonRelationship;
  email?: string;
  /** International format (+447700900123). */
  phone?: string;
  address?: UkAddress;
}

/** A person as typed: the date of birth already read from its boxes (null when not a real date). */
export interface PersonInput {
  forenames?: string;
  surname?: string;
  dateOfBirth?: string | null;
  relationship?: string;
  email?: string;
  phone?: string;
  address?: UkAddressInput;
}

export type PersonCheck = { ok: true; person: Person } | { ok: false; problems: FieldProblem[] };

const markup = /<\s*[a-z!/?]|&#?[a-z0-9]+;/i;

function nameProblem(field: 'forenames' | 'surname', value: string): FieldProblem | null {
  const label = field === 'forenames' ? 'First names' : 'Last name';
  const max = personLimits[field];
  const problem = (code: string, message: string) => ({ field, code, message });
  if (value === '') return problem('name_required', `Enter the ${label.toLowerCase()}`);
  if (value.length > max) return problem('name_too_long', `${label} must be ${max} characters or fewer`);
  if (markup.test(value)) return problem('name_has_html', `${label} must not contain HTML`);
  const hidden = textProblem(value, { singleLine: true }) ?? hiddenCharacterProblem(value);
  return hidden ? problem('name_not_plain_text', `${label} ${hidden}`) : null;
}

/** Problems with a date of birth read from its boxes: a real date, not in the future. */
export function dateOfBirthProblem(
  dateOfBirth: string | null | undefined,
  today: string,
): FieldProblem | null {
  const field = 'dateOfBirth';
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) || dateOfBirth < EARLIEST_DATE)
    return { field, code: 'invalid_date_of_birth', message: 'Enter a real date of birth, such as 27 3 1985' };
  if (dateOfBirth > today)
    return { field, code: 'date_of_birth_in_future', message: 'Date of birth must be today or in the past' };
  return null;
}

const emailSchema = z
  .string()
  .max(personLimits.email)
  .pipe(z.email())
  .refine((value) => !textProblem(value, { singleLine: true }));

/**
 * Reads the fields a person question asks, each checked by its own rule, in the order the page shows
 * them; every problem is reported against the box at fault. The nomination wizard reads its people
 * with this too.
 */
export function readPerson(
  fields: readonly PersonFieldName[],
  input: PersonInput,
  context: KindContext,
): PersonCheck {
  const problems: FieldProblem[] = [];
  const person: Person = {};
  const asks = (field: PersonFieldName) => fields.includes(field);
  if (asks('relationship')) {
    const relationship = personRelationships.find((key) => key === input.relationship);
    if (relationship) person.relationship = relationship;
    else
      problems.push({
        field: 'relationship',
        code: 'relationship_required',
        message: 'Select how they are related to you',
      });
  }
  if (asks('name')) {
    const forenames = (input.forenames ?? '').trim();
    const surname = (input.surname ?? '').trim();
    const found = [nameProblem('forenames', forenames), nameProblem('surname', surname)];
    problems.push(...found.filter((problem) => problem !== null));
    Object.assign(person, { forenames, surname });
  }
  if (asks('date-of-birth')) {
    const problem = dateOfBirthProblem(input.dateOfBirth, context.today);
    if (problem) problems.push(problem);
    else person.dateOfBirth = input.dateOfBirth!;
  }
  if (asks('email')) {
    const email = emailSchema.safeParse((input.email ?? '').trim().toLowerCase());
    if (email.success) person.email = email.data;
    else
      problems.push({
        field: 'email',
        code: 'invalid_email',
        message: 'Enter an email address in the correct format, like name@example.com',
      });
  }
  if (asks('phone')) {
    const typed = (input.phone ?? '').trim();
    const number = /^[+\d][\d\s().-]{0,19}$/.test(typed)
      ? internationalNumber({ countryCode: 'GB', number: typed })
      : null;
    if (number) person.phone = number;
    else
      problems.push({
        field: 'phone',
        code: 'invalid_phone_number',
        message: 'Enter a phone number in the correct format, like 020 7946 0001 or +33 6 12 34 56 78',
      });
  }
  if (asks('address')) {
    const address = readUkAddress(input.address ?? {});
    if (address.ok) person.address = address.address;
    else problems.push(...address.problems);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, person };
}

/** A person's name as one says it: forenames then surname, '' when neither is given. */
const nameOf = (person: Person) => [person.forenames, person.surname].filter(Boolean).join(' ');

/** A person on one line, as check your answers, the PDF and a list's summary show them. */
export function personLine(person: Person): string {
  return [
    nameOf(person),
    person.dateOfBirth && `born ${dayMonthYear(person.dateOfBirth)}`,
    person.relationship && relationshipLabel(person.relationship).toLowerCase(),
    person.email,
    person.phone && phoneNumberAsDialled(person.phone),
    person.address && ukAddressLine(person.address),
  ]
    .filter(Boolean)
    .join(', ');
}

/** A person as stored, read back from an answer's JSON. */
export function personFromStored(value: unknown): Person {
  const record = z.record(z.string(), z.unknown()).safeParse(value);
  return record.success ? (record.data as Person) : {};
}

/** A person as the form's inputs show them again. */
export const personInputOf = (person: Person): PersonInput => ({
  ...person,
  address: person.address && {
    line1: person.address.lines[0],
    line2: person.address.lines[1],
    line3: person.address.lines[2],
    town: person.address.town,
    postcode: person.address.postcode,
  },
});

/** The fields a person question asks: at least one, none twice. */
export const personFieldsSchema = z
  .array(z.enum(personFieldNames))
  .min(1)
  .refine((fields) => new Set(fields).size === fields.length, 'name each field once');

const personQuestion = (object: ObjectSchemaFactory, shared: SharedQuestionFields) =>
  object({
    kind: z.literal('person'),
    ...shared,
    fields: personFieldsSchema,
    /** The relationship box's label ("How are they related to you?" when not given). */
    relationshipLabel: z.string().min(1).max(200).optional(),
  });
export type PersonQuestion = z.infer<ReturnType<typeof personQuestion>>;

/** Reads a submitted person (JSON of the typed fields) for the fields a question asks. */
export function readSubmittedPerson(
  fields: readonly PersonFieldName[],
  value: unknown,
  context: KindContext,
) {
  const typed = z.record(z.string(), z.unknown()).safeParse(value);
  const data = typed.success ? typed.data : {};
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : undefined);
  const address = z.record(z.string(), z.string()).safeParse(data.address);
  return readPerson(
    fields,
    {
      forenames: text('forenames'),
      surname: text('surname'),
      dateOfBirth: text('dateOfBirth') ?? null,
      relationship: text('relationship'),
      email: text('email'),
      phone: text('phone'),
      address: address.success ? (address.data as UkAddressInput) : undefined,
    },
    context,
  );
}

/** A person with every field a person question may ask (each question reads its own): the tests' example. */
export const examplePerson = {
  relationship: 'Spouse',
  forenames: 'Grace',
  surname: 'Okafor',
  dateOfBirth: '1986-02-14',
  email: 'grace@example.com',
  phone: '07911123456',
  address: exampleAddress,
};

/**
 * Several fields about one person on one page (a name, a date of birth, how they are related to the
 * member, an email address, a phone number, a UK address): the answer's value is the person as JSON.
 */
export const personKind: QuestionKind<PersonQuestion> = {
  kind: 'person',
  examples: () => ({
    accepted: [{ answerKey: 'provided', answerValue: JSON.stringify(examplePerson) }],
    refused: { answerKey: 'not_an_answer<>' },
  }),
  schema: personQuestion,
  read(question, submitted, context) {
    const read = readSubmittedPerson(question.fields, parsedJson(submitted.answerValue), context);
    if (!read.ok) return refused(read.problems[0]!.code, read.problems[0]!.message);
    return accepted(question, 'provided', JSON.stringify(read.person));
  },
  display: (_question, answer) => personLine(personFromStored(parsedJson(answer.answerValue))),
  conditionValue: (answer) => answer.answerKey,
  personName: (_question, answer) => nameOf(personFromStored(parsedJson(answer.answerValue))),
};
