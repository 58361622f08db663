import type { FastifyRequest } from 'fastify';
import type { PartialTransferRequest, PartialTransferResponse } from '@meridian/contracts';
import {
  partialTransferByResidualPension,
  partialTransferByValue,
  utcDay,
  type CalculationProvider,
  type IsoDate,
  type TransferQuote,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { calculated } from '../member-data/calculations';
import { avcFundOf, currentTransferValue, transferBasisFor, type FoundMember } from './position';

export interface PartialFigures {
  member: FoundMember['member'];
  /** The value the figures are worked out on: the guaranteed statement while it holds, else today's. */
  quote: TransferQuote;
  issuedOn: IsoDate | null;
  figures: PartialTransferResponse;
}

/**
 * The partial transfer calculator on the member's guaranteed value (else today's figure): transfer
 * this much and keep the pension left, or keep this pension and transfer the value that leaves.
 */
export async function partialFigures(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  body: PartialTransferRequest,
  today: IsoDate,
): Promise<PartialFigures> {
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
    member: basis.member,
    quote,
    issuedOn,
    figures: {
      guaranteed: issuedOn !== null,
      fullTransferValuePence: quote.transferValuePence,
      fullPensionPence: quote.pensionPence,
      transferValuePence: partial.transferValuePence,
      residualPensionPence: partial.residualPensionPence,
      tranches: partial.tranches.map((t) => ({ ...t, label: labels.get(t.code) ?? t.code })),
      nonGuaranteed: { avcFundPence: avcFundOf(basis.member) },
    },
  };
}

/** The calculator's figures alone, as `POST transfer-value/partial` answers them. */
export const partialTransfer = async (
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  body: PartialTransferRequest,
): Promise<PartialTransferResponse> =>
  (await partialFigures(db, calculations, request, body, utcDay(new Date()))).figures;
