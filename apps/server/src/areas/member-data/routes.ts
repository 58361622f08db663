import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

export interface MemberDataRoutesOptions {
  db: Database;
  config: Config;
}

export const memberDataInitializeRoute: FastifyPluginAsyncZod<MemberDataRoutesOptions> = async () => {};

export const memberDataRoutes: FastifyPluginAsyncZod<MemberDataRoutesOptions> = async () => {};
