import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../config';

/** Cookies are Secure everywhere but a plain-HTTP site on this machine (http://localhost, *.localhost). */
export const secureCookies = (request: FastifyRequest) =>
  !(request.protocol === 'http' && isLoopbackAddress(request.hostname));

/** How a cookie is set: host-only (no Domain), SameSite=Strict, Secure as `secureCookies` decides. */
export interface CookieRule {
  name: string;
  path: string;
  httpOnly: boolean;
  /** How long it lives; a session cookie without. */
  maxAgeSeconds?: number;
}

const attributesOf = (request: FastifyRequest, rule: CookieRule) => ({
  path: rule.path,
  sameSite: 'strict' as const,
  secure: secureCookies(request),
  httpOnly: rule.httpOnly,
});

export function setRuledCookie(reply: FastifyReply, rule: CookieRule, value: string) {
  reply.setCookie(rule.name, value, {
    ...attributesOf(reply.request, rule),
    ...(rule.maxAgeSeconds ? { maxAge: rule.maxAgeSeconds } : {}),
  });
}

/**
 * Removes a cookie with the attributes it was set with: a browser keeps a cookie whose Path (or
 * Domain) the removal does not match, and a removal without the others is itself a weaker cookie
 * than the one it replaces (a `Set-Cookie` without Secure, HttpOnly or SameSite).
 */
export function clearRuledCookie(reply: FastifyReply, rule: CookieRule) {
  reply.clearCookie(rule.name, attributesOf(reply.request, rule));
}
