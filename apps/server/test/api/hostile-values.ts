import fc from 'fast-check';
import { EARLIEST_DATE, LATEST_DATE } from '@meridian/contracts';
import type { JsonSchema, ParameterPlace } from './openapi-walk';

/** A hostile value for one place in a request, and whether the server must refuse it (a 4xx). */
export interface Hostile {
  value: unknown;
  /** Sent into a URL as is, not percent-encoded again. */
  raw?: boolean;
  mustRefuse: boolean;
  kind: string;
}

const controlCharacters = ['\u0000', '\u0001', '\u0007', '\u0008', '\u001b', '\u001f', '\u007f'];
const loneSurrogates = ['\ud800', '\udbff', '\udfff'];
/** Free text may hold these in a body; a URL or a header never does. */
const lineBreaks = ['\t', '\n', '\r'];

const containing = (characters: string[]) =>
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...characters), fc.string({ maxLength: 8 }))
    .map(([before, character, after]) => `${before}${character}${after}`);

const acceptableButNasty = fc.constantFrom(
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/%2e%2e/%2e%2e/etc/passwd',
  "' OR '1'='1' --",
  "'; DROP TABLE portal.users; --",
  '1; select pg_sleep(0)',
  '$1',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '\u202etxt.exe',
  'Zoë 😀 \u200b',
  '   ',
  '',
  '-1',
  '0',
  '1e308',
  'NaN',
  'null',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
);

/** Dates the input policy refuses: outside 1900-2100, impossible, or not YYYY-MM-DD. */
const badDates = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
  '2023-02-30',
  '2023-13-01',
  '1966-9-1',
  '+002024-01-01',
  '-000001-01-01',
  '2024-01-01T00:00:00Z',
);

/** Percent-encodings no UTF-8 decoder accepts, or that decode to a refused character. */
const hostileEncodings = fc.constantFrom('%00', '%ED%A0%80', '%FF%FE', '%', '%zz', '%C0%AF', '%E2%80');

const typesOf = (schema: JsonSchema): string[] => {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives) return alternatives.flatMap(typesOf);
  return [schema.type ?? []].flat();
};

const acceptsArrays = (schema: JsonSchema) => typesOf(schema).includes('array');

function numberRefused(schema: JsonSchema, value: number) {
  const types = typesOf(schema);
  return (
    Number.isNaN(value) ||
    (types.includes('integer') && !Number.isInteger(value)) ||
    value < (schema.minimum ?? -Infinity) ||
    value > (schema.maximum ?? Infinity)
  );
}

/**
 * Hostile strings for a string-like place: must be refused when they break the policy or the schema's
 * limits. A lone surrogate cannot travel in a URL (its bytes are not UTF-8 and arrive undecoded), so
 * there it is only nasty text.
 */
function hostileStrings(
  schema: JsonSchema,
  { inUrl = false, singleLine = false } = {},
): fc.Arbitrary<Hostile> {
  const types = typesOf(schema);
  const numeric = types.includes('integer') || types.includes('number');
  const isDate = schema.format === 'date' || (schema.anyOf ?? []).some((option) => option.format === 'date');
  const maxLength = schema.maxLength ?? (schema.anyOf ?? []).find((option) => option.maxLength)?.maxLength;
  const options: fc.Arbitrary<Hostile>[] = [
    containing(singleLine ? [...controlCharacters, ...lineBreaks] : controlCharacters).map((value) => ({
      value,
      mustRefuse: true,
      kind: 'control character',
    })),
    containing(loneSurrogates).map((value) => ({ value, mustRefuse: !inUrl, kind: 'lone surrogate' })),
    acceptableButNasty.map((value) => ({
      value,
      mustRefuse:
        (numeric && numberRefused(schema, Number(value))) ||
        (schema.enum !== undefined && !schema.enum.includes(value)),
      kind: 'nasty text',
    })),
    fc.integer({ min: 5_000, max: 20_000 }).map((length) => ({
      value: 'x'.repeat(length),
      mustRefuse: (maxLength !== undefined && length > maxLength) || numeric || schema.enum !== undefined,
      kind: 'huge string',
    })),
  ];
  if (isDate)
    options.push(
      badDates.map((value) => ({
        value,
        mustRefuse: true,
        kind: `date outside ${EARLIEST_DATE}..${LATEST_DATE} or malformed`,
      })),
    );
  return fc.oneof(...options);
}

/** Hostile values for a query, path or header parameter. */
export function hostileParameter(schema: JsonSchema, place: ParameterPlace): fc.Arbitrary<Hostile> {
  const options = [hostileStrings(schema, { inUrl: place !== 'header', singleLine: true })];
  if (place !== 'header') {
    options.push(
      hostileEncodings.map((value) => ({
        value,
        raw: true,
        mustRefuse: value === '%00',
        kind: 'hostile percent-encoding',
      })),
    );
  }
  if (place === 'query') {
    options.push(
      fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 30 }).map((value) => ({
        value,
        mustRefuse: !acceptsArrays(schema),
        kind: 'repeated parameter',
      })),
    );
  }
  return fc.oneof(...options);
}

const deepValue = (depth: number): unknown => (depth === 0 ? 'bottom' : { nested: deepValue(depth - 1) });

/** Hostile values for a JSON body field: the string attacks plus every wrong type. */
export function hostileBodyField(schema: JsonSchema): fc.Arbitrary<Hostile> {
  const types = typesOf(schema);
  const wrongType = (value: unknown, type: string) => ({
    value,
    mustRefuse:
      types.length > 0 && !types.includes(type) && !(type === 'integer' && types.includes('number')),
    kind: `wrong type (${type})`,
  });
  return fc.oneof(
    hostileStrings(schema).map((hostile) => ({
      ...hostile,
      mustRefuse: hostile.mustRefuse || (types.length > 0 && !types.includes('string')),
    })),
    fc.constantFrom(
      wrongType(-1, 'integer'),
      wrongType(1e308, 'number'),
      wrongType(0.5, 'number'),
      wrongType(true, 'boolean'),
      wrongType({ $gt: '' }, 'object'),
      wrongType(['a', 'b'], 'array'),
    ),
    fc.constant({ value: deepValue(40), mustRefuse: true, kind: 'object nested 40 deep' }),
    fc.constant({
      value: null,
      mustRefuse: schema.nullable !== true && !types.includes('null'),
      kind: 'null',
    }),
  );
}

/** Whole request bodies: not JSON, the wrong shape, too deep, too big, polluting prototypes. */
export function hostileBodies(schema: JsonSchema | undefined, valid: unknown): Hostile[] {
  const nullable = schema?.nullable === true;
  const expectsObject = schema !== undefined && typesOf(schema).includes('object');
  return [
    { value: '{"unterminated": ', raw: true, mustRefuse: true, kind: 'malformed JSON' },
    { value: '[]', raw: true, mustRefuse: expectsObject, kind: 'array body' },
    { value: '"text"', raw: true, mustRefuse: expectsObject, kind: 'string body' },
    { value: 'null', raw: true, mustRefuse: expectsObject && !nullable, kind: 'null body' },
    {
      value: `${'['.repeat(3000)}${']'.repeat(3000)}`,
      raw: true,
      mustRefuse: true,
      kind: 'deeply nested body',
    },
    { value: `{"a":"${'x'.repeat(1_100_000)}"}`, raw: true, mustRefuse: true, kind: 'body over 1 MB' },
    {
      value: JSON.stringify({ ...(typeof valid === 'object' ? valid : {}), '\u0000key': 1 }),
      raw: true,
      mustRefuse: true,
      kind: 'NUL in a key',
    },
    {
      value: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}${
        typeof valid === 'object' && valid !== null ? `,${JSON.stringify(valid).slice(1, -1)}` : ''
      }}`.replace(/,}$/, '}'),
      raw: true,
      mustRefuse: false,
      kind: 'prototype pollution',
    },
  ];
}
