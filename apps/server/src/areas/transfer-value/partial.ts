import type { FastifyRequest } from 'fastify';
import type { PartialTransferRequest, PartialTransferResponse } from '@meridian/contracts';
import {
  partialTransferByResidualPension,
  partialTransferByValue,
  utcDay,
  type CalculationProvider,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { calculated } from '../member-data/calculations';
import { avcFundOf, currentTransferValue, transferBasisFor } from './position';

/**
 * The partial transfer calculator on the member's guaranteed value (else today's figure): transfer
 * this much and keep the pension left, or keep this pension and transfer the value that leaves.
 */
export async function partialTransfer(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  body: PartialTransferRequest,
): Promise<PartialTransferResponse> {
  const today = utcDay(new Date());
  const basis = await transferBasisFor(db, request, today);
  const { quote, issuedOn } = await currentTransferValue(db, calculations, basis, today);
  const partial = await calculated(
    Promise.resolve().then(() =>
      body.by === 'transfer-value'
        ? partialTransferByValue(quote, body.transferValuePence)
        : partialTransferByResidualPension(quote, body.residualPensionPence),
    ),
  );
  const labels = new Map(quote.tranches.map((t) => [t.code, t.label]));
  return {
    guaranteed: issuedOn !== null,
    fullTransferValuePence: quote.transferValuePence,
    fullPensionPence: quote.pensionPence,
    transferValuePence: partial.transferValuePence,
    residualPensionPence: partial.residualPensionPence,
    tranches: partial.tranches.map((t) => ({ ...t, label: labels.get(t.code) ?? t.code })),
    nonGuaranteed: { avcFundPence: avcFundOf(basis.member) },
  };
}
