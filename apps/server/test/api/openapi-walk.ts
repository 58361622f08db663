import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * The security suites walk the OpenAPI document the server generates from its zod schemas, so a
 * route added anywhere is covered the moment it is registered: no list of routes lives in a test.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type ParameterPlace = 'query' | 'path' | 'header';

export interface Parameter {
  name: string;
  in: ParameterPlace;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The Fastify path, e.g. /documents/:id. */
  path: string;
  /** METHOD /openapi/{path}, as failures name it. */
  label: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Security requirement names from the document, e.g. xsrfToken. */
  security: string[];
  /** Whether it documents JSON answers (an HTML page, such as a development stand-in, does not). */
  answersJson: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, { name?: string; in?: string }> };
}

export const openApiDocument = (app: FastifyInstance) => app.swagger() as unknown as OpenApiDocument;

export function operationsOf(app: FastifyInstance): Operation[] {
  const document = openApiDocument(app);
  return Object.entries(document.paths).flatMap(([openApiPath, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: openApiPath.replace(/\{(\w+)\}/g, ':$1'),
      label: `${method.toUpperCase()} ${openApiPath}`,
      parameters: (operation.parameters ?? [])
        .filter((parameter) => ['query', 'path', 'header'].includes(parameter.in))
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in as ParameterPlace,
          required: parameter.required === true || parameter.in === 'path',
          schema: parameter.schema ?? {},
        })),
      body: operation.requestBody?.content?.['application/json']?.schema,
      security: (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      answersJson: Object.values(operation.responses ?? {}).some((response) =>
        Object.keys(response.content ?? {}).includes('application/json'),
      ),
    })),
  );
}

export const isStateChanging = (operation: Operation) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(operation.method);

const typesOf = (schema: JsonSchema) => [schema.type ?? []].flat();
const alternativesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf ?? schema.allOf;

/** Whether a value satisfies a schema, as far as the suites need to pick a valid example. */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  const alternatives = alternativesOf(schema);
  if (alternatives) return alternatives.some((alternative) => conforms(alternative, value));
  if (value === null) return schema.nullable === true;
  if (schema.enum) return schema.enum.includes(value);
  const types = typesOf(schema);
  if (typeof value === 'string' && (types.length === 0 || types.includes('string'))) {
    return (
      value.length >= (schema.minLength ?? 0) &&
      value.length <= (schema.maxLength ?? Infinity) &&
      (!schema.pattern || new RegExp(schema.pattern).test(value))
    );
  }
  if (typeof value === 'number' && (types.includes('number') || types.includes('integer'))) {
    return (
      (!types.includes('integer') || Number.isInteger(value)) &&
      value >= (schema.minimum ?? -Infinity) &&
      value <= (schema.maximum ?? Infinity)
    );
  }
  return typeof value === 'boolean' && types.includes('boolean');
}

/** Known good values by field name: seeded by the suite, then grown from what the server answers. */
export type KnownValues = Map<string, unknown[]>;

export function remember(known: KnownValues, value: unknown, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string' || typeof child === 'number') {
      const values = known.get(key) ?? [];
      if (!values.includes(child) && values.length < 20) known.set(key, [...values, child]);
    } else remember(known, child, depth + 1);
  }
}

const patternExamples = new Map<string, string>();
/**
 * A string matching the schema's pattern, the same each time for the same schema: kept once found, as
 * generating from a regular expression was most of the fuzz suite's CPU when done for every request.
 */
function patternExample(schema: JsonSchema): string {
  const key = JSON.stringify(schema);
  let example = patternExamples.get(key);
  if (example === undefined) {
    const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern!)), { seed: 1, numRuns: 50 });
    example = samples.find((sample) => conforms(schema, sample)) ?? samples[0]!;
    patternExamples.set(key, example);
  }
  return example;
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'date') return '1970-01-01';
  if (schema.format === 'date-time') return '1970-01-01T00:00:00.000Z';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'email') return 'member@example.com';
  if (schema.pattern) return patternExample(schema);
  return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** A valid value for a schema: a known one of the same name if it fits, else the smallest that does. */
export function exampleFor(schema: JsonSchema, name: string, known: KnownValues): unknown {
  const fitting = (known.get(name) ?? []).find((candidate) => conforms(schema, candidate));
  if (fitting !== undefined) return fitting;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = alternativesOf(schema);
  if (alternatives) return exampleFor(alternatives[0]!, name, known);
  const types = typesOf(schema);
  if (types.includes('string')) return stringExample(schema);
  if (types.includes('integer') || types.includes('number')) {
    return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
  }
  if (types.includes('boolean')) return true;
  if (types.includes('array')) {
    return Array.from({ length: schema.minItems ?? 0 }, () => exampleFor(schema.items ?? {}, name, known));
  }
  if (types.includes('object') || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([property]) => required.has(property) || known.has(property))
        .map(([property, propertySchema]) => [property, exampleFor(propertySchema, property, known)]),
    );
  }
  return 'a';
}

/** A value placed in a request as is: `raw` goes into a URL without being percent-encoded again. */
export type Placed = { raw: string } | unknown;

export interface RequestParts {
  path: Record<string, Placed>;
  query: Record<string, Placed>;
  header: Record<string, Placed>;
  /** undefined: no body; { raw } a body sent as the given text. */
  body?: Placed;
}

export function validParts(operation: Operation, known: KnownValues): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, header: {} };
  for (const parameter of operation.parameters) {
    if (parameter.required || known.has(parameter.name)) {
      parts[parameter.in][parameter.name] = exampleFor(parameter.schema, parameter.name, known);
    }
  }
  if (operation.body) parts.body = exampleFor(operation.body, 'body', known);
  return parts;
}

const isRaw = (value: Placed): value is { raw: string } =>
  typeof value === 'object' && value !== null && 'raw' in value && Object.keys(value).length === 1;

/** Percent-encodes text; a lone surrogate goes as the bytes a careless encoder sends (WTF-8), not as an exception. */
const encodeComponent = (text: string) =>
  Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(character);
  }).join('');

const encoded = (value: Placed) => (isRaw(value) ? value.raw : encodeComponent(String(value)));

/** The URL, headers and payload of a request built from its parts. */
export function requestFor(operation: Operation, parts: RequestParts) {
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) =>
    name in parts.path ? encoded(parts.path[name]) : 'missing',
  );
  const query = Object.entries(parts.query)
    .flatMap(([name, value]) =>
      Array.isArray(value)
        ? value.map((item) => `${encodeComponent(name)}=${encoded(item)}`)
        : [`${encodeComponent(name)}=${encoded(value)}`],
    )
    .join('&');
  const headers = Object.fromEntries(
    Object.entries(parts.header).map(([name, value]) => [name, String(value)]),
  );
  const payload =
    parts.body === undefined ? undefined : isRaw(parts.body) ? parts.body.raw : JSON.stringify(parts.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  return { method: operation.method, url: query ? `${path}?${query}` : path, headers, payload };
}

/** A short description of a value for a failure message. */
export const describeValue = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text;
};

/** A string answer's error body: `{errors:[{code,message}]}` with at least one error. */
export function hasErrorBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: { code?: unknown; message?: unknown }[] };
    return (
      Array.isArray(parsed.errors) &&
      parsed.errors.length > 0 &&
      parsed.errors.every((error) => typeof error.code === 'string' && typeof error.message === 'string')
    );
  } catch {
    return false;
  }
}
