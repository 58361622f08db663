import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressSuggestionSchema, countrySchema, errorBodySchema, safeString } from '@meridian/contracts';
import { notFound } from '../../lib/errors';
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

/** Address lookup for the address forms: countries, search with drill-down into containers, one address. */
export const addressRoutes: FastifyPluginAsyncZod<{ lookup: AddressLookup }> = async (app, { lookup }) => {
  app.addHook('preHandler', app.requireMember);
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };

  app.get(
    '/addresses/countries',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Countries an address may be in (ISO 3166 codes), the UK first',
        response: { 200: z.array(countrySchema), 401: errorBodySchema },
      },
    },
    async () => countries,
  );

  app.get(
    '/addresses/search',
    {
      schema: {
        tags: ['my-details'],
        summary:
          'Addresses matching a postcode or free text; a Container is opened by passing its id as container',
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
    '/addresses/:addressId',
    {
      schema: {
        tags: ['my-details'],
        summary: 'One address, ready to fill the address form',
        params: z.object({ addressId: safeString().min(1).max(100) }),
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
      const address = await lookup.address(request.params.addressId);
      if (!address) throw notFound('address_not_found', 'We could not find this address.');
      return { ...address, county: address.county ?? null };
    },
  );
};
