import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestValidatorCompiler } from '../../src/lib/request-validation';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
let sawRawHeaders: boolean | undefined;

beforeAll(async () => {
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/checked',
    {
      schema: {
        headers: z.object({ env: z.string().max(5).optional() }),
        querystring: z.object({ count: z.coerce.number().int() }),
      },
    },
    async (request) => {
      sawRawHeaders = request.headers === request.raw.headers;
      return {
        count: request.query.count,
        env: request.headers.env ?? null,
        agent: request.headers['user-agent'],
      };
    },
  );
  await app.ready();
});
afterAll(() => app.close());

describe('request validation', () => {
  it('checks headers and leaves them as they arrived, every one of them', async () => {
    const answer = await app.inject({
      url: '/checked?count=3',
      headers: { env: 'test', 'user-agent': 'probe' },
    });
    expect(answer.json()).toEqual({ count: 3, env: 'test', agent: 'probe' });
    expect(sawRawHeaders).toBe(true);
  });

  it('refuses a header its schema refuses', async () => {
    const answer = await app.inject({ url: '/checked?count=3', headers: { env: 'far too long' } });
    expect(answer.statusCode).toBe(400);
  });

  it('still hands other parts over as parsed', async () => {
    const answer = await app.inject({ url: '/checked?count=07' });
    expect(answer.json<{ count: unknown }>().count).toBe(7);
  });
});
