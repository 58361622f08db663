import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

export interface AuthenticationRoutesOptions {
  db: Database;
  config: Config;
}

export const authenticationRoutes: FastifyPluginAsyncZod<AuthenticationRoutesOptions> = async () => {};
