import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import {
  caseDetailSchema,
  caseNumberParamsSchema,
  errorBodySchema,
  integrationCaseListSchema,
  integrationCaseQuerySchema,
  integrationDocumentParamsSchema,
  integrationDocumentReceivedSchema,
  integrationDocumentRequestSchema,
  integrationMemberDataPushAnswerSchema,
  integrationMemberDataPushSchema,
  integrationMemberPushAnswerSchema,
  integrationMemberPushSchema,
  integrationScopes,
  integrationStatusChangeSchema,
  oauthErrorSchema,
  tokenAnswerSchema,
  tokenRequestSchema,
  type IntegrationScope,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberCases } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { tooManyRequests } from '../../plugins/rate-limits';
import { actOnCase, caseDetail, sendCaseFile } from '../operations/case-work';
import { auditStaff } from '../operations/staff-audit';
import { describeProblem, validateImport } from '../my-details/member-import';
import { importMembers } from '../my-details/member-import-store';
import { importMemberData, validateDataRows } from '../my-details/member-data-import';
import {
  clientOfToken,
  findClient,
  isScope,
  issueToken,
  TOKEN_LIFETIME_SECONDS,
  whichSecret,
  type ClientRow,
} from './clients';
import { done, routeErrors as errors } from '../operations/console-route-parts';

export const INTEGRATION_API_PREFIX = '/api/integration';
/** The OpenAPI security scheme of the integration API: OAuth 2.0 client credentials, with scopes. */
export const INTEGRATION_SECURITY_SCHEME = 'integrationOAuth';
export const integrationSecurityScheme = {
  type: 'oauth2' as const,
  description:
    'A scheme’s administration system: a client of one tenant, added with npm run integration:add-client.',
  flows: {
    clientCredentials: {
      tokenUrl: `${INTEGRATION_API_PREFIX}/oauth/token`,
      scopes: {
        'cases:read': 'List and read cases: answers, documents list, timeline',
        'cases:write': 'Change a case’s status; mark a document received; ask the member for a document',
        'documents:read': 'Download the documents members sent with their cases',
        'members:write': 'Push member data changes (the shapes of npm run members:import)',
      } satisfies Record<IntegrationScope, string>,
    },
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an integration API route needs. */
    integrationScope?: IntegrationScope;
  }
}

const tags = ['integration'];
/** Wrong secrets one client id may be sent in 15 minutes, from every address together. */
const TOKEN_FAILURES = 10;
const TOKEN_FAILURE_WINDOW_MS = 15 * 60_000;
const REALM = 'meridian-integration';

type OAuthError = z.infer<typeof oauthErrorSchema>['error'];

/**
 * The token endpoint answers failures in OAuth's shape (RFC 6749 5.2), which client libraries read,
 * with the house `errors` list beside it.
 */
function oauthError(
  reply: FastifyReply,
  status: 400 | 401,
  error: OAuthError,
  description: string,
  code: string = error,
) {
  if (status === 401) reply.header('www-authenticate', `Basic realm="${REALM}"`);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description, errors: [{ code, message: description }] });
}

/** The client's credentials: HTTP Basic (RFC 6749 2.3.1, form-encoded parts) or the body, not both. */
function credentialsOf(request: FastifyRequest, body: z.infer<typeof tokenRequestSchema>) {
  const header = request.headers.authorization;
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (header?.startsWith('Basic ')) {
    if (inBody) return 'both' as const;
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return {
        id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
        secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
      };
    } catch {
      return null;
    }
  }
  if (!body.client_id || !body.client_secret) return null;
  return { id: body.client_id, secret: body.client_secret };
}

/** What the integration API's routes need from their options. */
export interface IntegrationOptions {
  db: Database;
}

/**
 * The integration API for a scheme's administration system, under /api/integration: a token endpoint
 * (OAuth 2.0 client credentials) and the v1 routes, each needing a bearer token with its scope. Calls
 * come server to server with no browser cookies, so no CSRF token is asked for. Every call is in the
 * staff audit trail with the client as the actor.
 */
export const integrationRoutes: FastifyPluginAsyncZod<IntegrationOptions> = async (app, { db }) => {
  app.decorateRequest('integrationClient', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/oauth/token',
    {
      config: { csrf: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A bearer token for an integration client (OAuth 2.0 client credentials, 10 minutes)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        // A body the schema or the input policy refuses gets the house shape alone, as on every route.
        response: {
          200: tokenAnswerSchema,
          400: z.union([oauthErrorSchema, errorBodySchema]),
          401: oauthErrorSchema,
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const credentials = credentialsOf(request, request.body);
      if (credentials === 'both')
        return oauthError(reply, 400, 'invalid_request', 'Send the client’s credentials one way, not both.');
      const refuse = async (client: ClientRow | null, reason: string) => {
        await auditStaff(db, request, {
          action: 'integration_token',
          outcome: 'failure',
          clientId: client?.id ?? null,
          details: { reason, clientId: credentials?.id ?? null },
        });
        // A secret replaced by a rotation, after its grace period: said so (in the house code), since
        // only a holder of that once-right secret can learn it, and its owners must change it.
        if (reason === 'secret_retired')
          return oauthError(
            reply,
            401,
            'invalid_client',
            'This client secret was replaced and its grace period has ended. Use the new secret.',
            'integration_secret_retired',
          );
        return oauthError(reply, 401, 'invalid_client', 'The client id or secret is not right.');
      };
      if (!credentials) return refuse(null, 'no_credentials');
      const client = await findClient(db, credentials.id);
      if (!client) return refuse(null, 'unknown_client');
      const attempt = await app.attemptCounters.take(
        'integration-token',
        client.id,
        TOKEN_FAILURES,
        TOKEN_FAILURE_WINDOW_MS,
      );
      if (!attempt.allowed) {
        await auditStaff(db, request, {
          action: 'integration_token',
          outcome: 'denied',
          clientId: client.id,
          details: { reason: 'too_many_failures' },
        });
        throw tooManyRequests();
      }
      // A client belongs to one tenant and takes its tokens at that tenant's address only.
      const secret = whichSecret(client, credentials.secret);
      if (secret === 'wrong') return refuse(client, 'wrong_secret');
      if (secret === 'retired') return refuse(client, 'secret_retired');
      if (client.disabledAt) return refuse(client, 'disabled');
      if (client.tenantUrl !== request.tenantUrl) return refuse(client, 'other_tenant');
      await attempt.giveBack();

      const { grant_type: grantType, scope } = request.body;
      if (grantType === undefined)
        return oauthError(reply, 400, 'invalid_request', 'grant_type is missing: send client_credentials.');
      if (grantType !== 'client_credentials')
        return oauthError(reply, 400, 'unsupported_grant_type', 'Only client_credentials is offered.');
      const asked = scope === undefined ? client.scopes : scope.split(' ').filter(Boolean);
      const granted = asked.filter((name) => isScope(name) && client.scopes.includes(name));
      if (granted.length !== asked.length || granted.length === 0) {
        await auditStaff(db, request, {
          action: 'integration_token',
          outcome: 'denied',
          clientId: client.id,
          details: { reason: 'scope', asked: asked.slice(0, 10) },
        });
        return oauthError(
          reply,
          400,
          'invalid_scope',
          `This client may have: ${client.scopes.join(' ')}. Scopes are ${integrationScopes.join(' ')}.`,
        );
      }
      const scopes = granted.filter(isScope);
      const token = await issueToken(db, client.id, scopes);
      await auditStaff(db, request, {
        action: 'integration_token',
        outcome: 'success',
        clientId: client.id,
        // `previous`: the old secret during its grace period after a rotation.
        details: { scopes, secretUsed: secret },
      });
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({
          access_token: token,
          token_type: 'Bearer' as const,
          expires_in: TOKEN_LIFETIME_SECONDS,
          scope: scopes.join(' '),
        });
    },
  );

  await app.register(async (scope) => {
    const v1 = scope.withTypeProvider<ZodTypeProvider>();
    v1.addHook('preHandler', async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const client = token && token.length <= 100 ? await clientOfToken(db, token) : null;
      if (!client || client.tenantUrl !== request.tenantUrl) {
        reply.header(
          'www-authenticate',
          token ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`,
        );
        await auditStaff(db, request, {
          action: 'integration_call',
          outcome: 'denied',
          clientId: client?.id ?? null,
          details: {
            reason: !token ? 'no_token' : client ? 'other_tenant' : 'invalid_token',
            route: request.routeOptions.url,
          },
        });
        throw new AppError(
          401,
          token ? 'integration_token_invalid' : 'integration_token_missing',
          token
            ? 'This token is unknown, expired or for another scheme: ask for a new one.'
            : 'Send a bearer token from /api/integration/oauth/token.',
        );
      }
      request.integrationClient = client;
      const needed = request.routeOptions.config.integrationScope;
      if (!needed || !client.scopes.includes(needed)) {
        reply.header(
          'www-authenticate',
          `Bearer realm="${REALM}", error="insufficient_scope", scope="${needed ?? ''}"`,
        );
        await auditStaff(db, request, {
          action: 'integration_call',
          outcome: 'denied',
          details: { reason: 'scope_missing', scope: needed ?? null, route: request.routeOptions.url },
        });
        throw new AppError(403, 'scope_missing', `This call needs a token with the ${needed} scope.`);
      }
    });

    const route = (scope: IntegrationScope) => ({
      config: { csrf: false, integrationScope: scope },
      security: [{ [INTEGRATION_SECURITY_SCHEME]: [scope] }],
    });
    const read = route('cases:read');
    const write = route('cases:write');
    const documents = route('documents:read');
    const membersWrite = route('members:write');

    v1.get(
      '/v1/cases',
      {
        config: read.config,
        schema: {
          tags,
          security: read.security,
          summary: 'The tenant’s cases, the oldest change first, by status, type and changed since',
          querystring: integrationCaseQuerySchema,
          response: { 200: integrationCaseListSchema, ...errors },
        },
      },
      async (request) => {
        const client = request.integrationClient!;
        const query = request.query;
        const conditions: Array<SQL | undefined> = [
          inArray(memberCases.businessGroup, client.businessGroups.length ? client.businessGroups : ['']),
          query.status ? eq(memberCases.status, query.status) : undefined,
          query.type ? eq(memberCases.caseType, query.type) : undefined,
          query.updatedSince ? gte(memberCases.updatedAt, new Date(query.updatedSince)) : undefined,
        ];
        const rows = await db
          .select()
          .from(memberCases)
          .where(and(...conditions))
          .orderBy(asc(memberCases.updatedAt), asc(memberCases.caseNumber))
          .limit(query.limit + 1)
          .offset(query.offset);
        const page = rows.slice(0, query.limit);
        await auditStaff(db, request, {
          action: 'case_queue_view',
          outcome: 'success',
          details: { ...query, count: page.length },
        });
        return {
          cases: page.map((row) => ({
            caseNumber: row.caseNumber,
            caseType: row.caseType,
            title: row.title,
            status: row.status,
            businessGroup: row.businessGroup,
            referenceNumber: row.referenceNumber,
            openedAt: row.createdAt.toISOString(),
            updatedAt: row.updatedAt.toISOString(),
            closed: row.closedAt !== null,
            documents: row.documents,
          })),
          nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
        };
      },
    );

    v1.get(
      '/v1/cases/:caseNumber',
      {
        config: read.config,
        schema: {
          tags,
          security: read.security,
          summary: 'A case: the member, their answers, its documents, the moves it allows and its timeline',
          params: caseNumberParamsSchema,
          response: { 200: caseDetailSchema, ...errors },
        },
      },
      async (request) => {
        const { caseNumber } = request.params;
        return caseDetail(db, app.identityVerifier, request, caseNumber);
      },
    );

    v1.get(
      '/v1/cases/:caseNumber/documents/:documentId',
      {
        config: documents.config,
        schema: {
          tags,
          security: documents.security,
          summary:
            'A document sent with the case, by the member or by the visitor who opened it (a report of a death’s uploads); its id from the case’s files; the view is audited',
          params: integrationDocumentParamsSchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { caseNumber, documentId } = request.params;
        return sendCaseFile(db, request, reply, {
          caseNumber,
          fileId: documentId,
          disposition: 'attachment',
        });
      },
    );

    v1.post(
      '/v1/cases/:caseNumber/status',
      {
        config: write.config,
        schema: {
          tags,
          security: write.security,
          summary:
            'Moves the case to a status its state machine allows (Completed and Rejected close it), with a note the member reads',
          params: caseNumberParamsSchema,
          body: integrationStatusChangeSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        const { caseNumber } = request.params;
        const { status, memberNote } = request.body;
        await actOnCase(
          db,
          request,
          caseNumber,
          status === 'Completed'
            ? { kind: 'completed', memberNote }
            : status === 'Rejected'
              ? { kind: 'rejected', reason: memberNote }
              : { kind: 'status', status, memberNote },
        );
        return { ok: true as const };
      },
    );

    v1.post(
      '/v1/cases/:caseNumber/documents/received',
      {
        config: write.config,
        schema: {
          tags,
          security: write.security,
          summary:
            'Marks a document the case lists received (a waiting case whose last outstanding document it was moves back to In progress)',
          params: caseNumberParamsSchema,
          body: integrationDocumentReceivedSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await actOnCase(db, request, request.params.caseNumber, {
          kind: 'document_received',
          document: request.body.document,
        });
        return { ok: true as const };
      },
    );

    v1.post(
      '/v1/cases/:caseNumber/documents/request',
      {
        config: write.config,
        schema: {
          tags,
          security: write.security,
          summary: 'Asks the member for a document, with a message they read in My requests',
          params: caseNumberParamsSchema,
          body: integrationDocumentRequestSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        const { caseNumber } = request.params;
        const body = request.body;
        await actOnCase(db, request, caseNumber, {
          kind: 'document_requested',
          document: body.document,
          memberNote: body.memberNote,
        });
        return { ok: true as const };
      },
    );

    v1.post(
      '/v1/members',
      {
        config: membersWrite.config,
        schema: {
          tags,
          security: membersWrite.security,
          summary:
            'Member data changes in the shapes of npm run members:import: every member is saved, or (any problem in any row) none is',
          body: integrationMemberPushSchema,
          response: { 200: integrationMemberPushAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const push = rowPush(db, request, {
          businessGroup: body.businessGroup,
          action: 'members_push',
          list: 'members',
          code: 'member_rows_invalid',
          rowCode: 'member_row_invalid',
          rows: body.members.length,
        });
        const checked = validateImport(push.numbered(body.members), push.businessGroup, 'json');
        if (!checked.ok) return push.refuse(checked.problems);
        const result = await importMembers(db, {
          businessGroup: push.businessGroup,
          members: checked.members,
          source: `integration:${request.integrationClient!.name}`,
          dryRun: body.dryRun,
        });
        if (!result.ok) return push.refuse(result.problems);
        const { ok: _ok, ...outcome } = result;
        return push.done(body.dryRun, outcome);
      },
    );

    v1.post(
      '/v1/member-data',
      {
        config: membersWrite.config,
        schema: {
          tags,
          security: membersWrite.security,
          summary:
            'Rows of member data in the shapes of npm run members:import --data (service, salary, holding, price, contribution, valuation, charge, investment, payment, payroll, increase): every row is applied, or (any problem in any row) none is',
          body: integrationMemberDataPushSchema,
          response: { 200: integrationMemberDataPushAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const push = rowPush(db, request, {
          businessGroup: body.businessGroup,
          action: 'member_data_push',
          list: 'rows',
          code: 'member_data_rows_invalid',
          rowCode: 'member_data_row_invalid',
          rows: body.rows.length,
        });
        const checked = validateDataRows(push.numbered(body.rows), 'json');
        if (!checked.ok) return push.refuse(checked.problems);
        const result = await importMemberData(db, {
          businessGroup: push.businessGroup,
          rows: checked.rows,
          source: `integration:${request.integrationClient!.name}`,
          dryRun: body.dryRun,
        });
        if (!result.ok) return push.refuse(result.problems);
        const { ok: _ok, ...outcome } = result;
        return push.done(body.dryRun, outcome);
      },
    );
  });
};

type ImportProblem = Parameters<typeof describeProblem>[0];

/**
 * What the two member-data pushes share: the business group must be one of the client's; a refusal
 * audits the failure and answers 400 with each problem named by its place in the list sent; success is
 * audited with its outcome.
 */
function rowPush(
  db: Database,
  request: FastifyRequest,
  push: { businessGroup: string; action: string; list: string; code: string; rowCode: string; rows: number },
) {
  const businessGroup = push.businessGroup.toUpperCase();
  if (!request.integrationClient!.businessGroups.includes(businessGroup))
    throw new AppError(404, 'business_group_not_found', `There is no business group ${businessGroup}.`);
  return {
    businessGroup,
    numbered: <T>(records: T[]) => records.map((record, index) => ({ row: index + 1, record })),
    async refuse(problems: ImportProblem[]): Promise<never> {
      await auditStaff(db, request, {
        action: push.action,
        outcome: 'failure',
        businessGroup,
        details: { [push.list]: push.rows, problems: problems.length },
      });
      throw new AppError(
        400,
        push.code,
        `${problems.length} problem(s) in the ${push.list} sent: nothing was changed.`,
        problems.slice(0, 100).map((problem) => ({
          code: push.rowCode,
          message: describeProblem(problem),
          field:
            problem.row > 0
              ? `${push.list}[${problem.row - 1}]${problem.field ? `.${problem.field}` : ''}`
              : undefined,
        })),
      );
    },
    async done<T extends object>(dryRun: boolean, outcome: T) {
      await auditStaff(db, request, {
        action: push.action,
        outcome: 'success',
        businessGroup,
        details: { dryRun, ...outcome },
      });
      return { dryRun, ...outcome };
    },
  };
}
