import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import { noticeToEveryRoute } from '../my-details/change-defences';
import { findTenant } from '../tenancy/tenant-repository';
import { holderOf, type AccountHolder } from './account-holder';

/**
 * What the signed-in member's sign-in and security routes (two-step, passkeys, sessions) share: the
 * account's holder, the scheme's name for notices, and a change told to every route on file.
 */
export function accountChanges(db: Database) {
  const holderFor = async (request: FastifyRequest) => {
    const member = request.member!;
    const holder = await holderOf(db, member.userId, member.tenant.businessGroups);
    if (!holder) throw notFound('member_not_found', 'We could not find your membership record.');
    return holder;
  };

  const tenantNameOf = async (request: FastifyRequest) =>
    (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';

  /** Runs the change and tells every route on file once it has committed. */
  const withNotice = async <T>(
    request: FastifyRequest,
    holder: AccountHolder,
    notice: { subject: string; body: string },
    work: (tx: Transaction) => Promise<T>,
  ) => {
    const { result, queued } = await db.transaction(async (tx) => ({
      result: await work(tx),
      queued: await noticeToEveryRoute(tx, request.log, holder.member, notice),
    }));
    await request.server.messaging.deliverQueued(queued);
    return result;
  };

  return { holderFor, tenantNameOf, withNotice };
}
