import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../config';

/** Cookies are Secure everywhere but a plain-HTTP site on this machine (http://localhost, *.localhost). */
export const secureCookies = (request: FastifyRequest) =>
  !(request.protocol === 'http' && isLoopbackAddress(request.hostname));
