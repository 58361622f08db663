import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressSuggestionSchema, countrySchema, safeString } from '@meridian/contracts';
import { errorResponses, notFound } from '../../lib/errors';
import type { AddressLookup } from './address-lookup';

/** Countries an address may be in, named in English; the UK first. */
const countryCodes =
  'GB IE FR DE ES PT IT NL BE LU AT CH DK SE NO FI IS PL CZ SK HU RO BG GR CY MT HR SI EE LV LT US CA AU NZ ZA IN PK BD LK SG HK MY JP CN AE SA IL TR NG KE GH JM BB TT BR AR MX'.split(
    ' ',
  );
const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });
const countries = [
  ...countryCodes.slice(0, 1),
  ...countryCodes.slice(1).sort((a, b) => regionNames.of(a)!.localeCompare(regionNames.of(b)!)),
].map((code) => ({ code, name: regionNames.of(code)! }));

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** Where a set of address calls is mounted and who may call them. */
export interface AddressCalls {
  /** The path the calls sit under (`/addresses`, or a report's `/journeys/:journeyType/addresses`). */
  path: string;
  /** The path's own parameters (none, or the journey type). */
  params: z.ZodObject;
  tags: string[];
  /** Refuses a caller who may not look addresses up here (throws a 4xx). */
  allow(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  config?: Record<string, unknown>;
}

/** Countries, search with drill-down into containers, and one address: for members and for a report's visitor. */
export function addressLookupRoutes(app: RoutesApp, lookup: AddressLookup, calls: AddressCalls) {
  const { path, params, tags } = calls;
  const errors = errorResponses(400, 401, 404, 503);
  const options = { ...(calls.config && { config: calls.config }), preHandler: calls.allow };

  app.get(
    `${path}/countries`,
    {
      ...options,
      schema: {
        tags,
        summary: 'Countries an address may be in (ISO 3166 codes), the UK first',
        params,
        response: { 200: z.array(countrySchema), ...errors },
      },
    },
    async () => countries,
  );

  app.get(
    `${path}/search`,
    {
      ...options,
      schema: {
        tags,
        summary:
          'Addresses matching a postcode or free text; a Container is opened by passing its id as container',
        params,
        querystring: z.object({
          text: safeString().trim().max(100).default(''),
          container: safeString().max(100).optional(),
        }),
        response: { 200: z.array(addressSuggestionSchema), ...errors },
      },
    },
    async (request) => {
      const { text, container } = request.query;
      if (!container && text.length < 2) return [];
      return lookup.search(text, container);
    },
  );

  app.get(
    `${path}/:addressId`,
    {
      ...options,
      schema: {
        tags,
        summary: 'One address, ready to fill the address form',
        params: params.extend({ addressId: safeString().min(1).max(100) }),
        response: {
          200: z.object({
            id: z.string(),
            lines: z.array(z.string()),
            town: z.string(),
            county: z.string().nullable(),
            postcode: z.string(),
            countryCode: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const address = await lookup.address((request.params as { addressId: string }).addressId);
      if (!address) throw notFound('address_not_found', 'We could not find this address.');
      return { ...address, county: address.county ?? null };
    },
  );
}

/** Address lookup for a member's address forms. */
export const addressRoutes: FastifyPluginAsyncZod<{ lookup: AddressLookup }> = async (app, { lookup }) => {
  addressLookupRoutes(app, lookup, {
    path: '/addresses',
    params: z.object({}),
    tags: ['my-details'],
    allow: (request, reply) => app.requireMember(request, reply),
  });
};
