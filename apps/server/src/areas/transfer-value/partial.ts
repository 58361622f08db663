import type { FastifyRequest } from 'fastify';
import type {
  PartialTransferRequest,
  PartialTransferResponse,
  TransferJourneyLock,
} from '@meridian/contracts';
import {
  CalculationError,
  partialTransferByResidualPension,
  partialTransferByValue,
  utcDay,
  type CalculationProvider,
  type IsoDate,
  type PartialTransfer,
  type TransferQuote,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { displayPounds } from '../../lib/display';
import { badRequest } from '../../lib/errors';
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

/**
 * The part of a transfer application's locked value the member chose to transfer, worked out by the
 * same calculator on the figures the application locked: the pension kept with it. Refused 400
 * `partial_transfer_out_of_range` when the part is more than the locked value (the application moved
 * onto a lower one), and `partial_transfer_not_allowed` when the locked quote's scheme allows none.
 */
export function lockedPartialTransfer(
  lock: TransferJourneyLock,
  transferValuePence: number,
): PartialTransfer {
  const basis = lock.partialTransferBasis;
  if (!basis)
    throw badRequest(
      'partial_transfer_not_allowed',
      'Your pension can only be transferred as a whole, so we cannot transfer part of it.',
    );
  try {
    return partialTransferByValue(
      { ...basis, partialTransfersAllowed: true, transferValuePence: lock.transferValuePence },
      transferValuePence,
    );
  } catch (error) {
    if (!(error instanceof CalculationError)) throw error;
    throw badRequest(
      'partial_transfer_out_of_range',
      `The part you transfer (${displayPounds(transferValuePence)}) must be no more than your guaranteed transfer value of ${displayPounds(lock.transferValuePence)}. Change how much you want to transfer.`,
    );
  }
}
