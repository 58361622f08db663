import { expect } from 'vitest';
import type { BrowserAgent } from './browser-agent';
import { answerStep } from './journey-submission';

/** db.avc's transfer application (issue 39), as the transfer-application and transfer-refusal tests walk it. */
export const TRANSFER_TYPE = 'transferapplication';
export const transferBase = `/mdp-api/api/journeys/${TRANSFER_TYPE}`;

/** A UK account that passes the modulus check, held by the receiving scheme (not the member). */
export const schemeBank = JSON.stringify({
  accountName: 'Harbour SIPP Trustees',
  sortCode: '30-94-66',
  accountNumber: '12345678',
});

export type TransferAnswer = readonly [page: string, question: string, key: string, value?: string];

/** The first page (the scam warnings read) through the receiving scheme, a personal pension, to its bank. */
export const schemeAnswers: readonly TransferAnswer[] = [
  ['ta_scams', 'scam_check', 'continue'],
  ['ta_scheme_type', 'receiving_scheme_type', 'personal_pension'],
  ['ta_scheme_name', 'receiving_scheme_name', 'Harbour SIPP'],
  ['ta_scheme_address', 'receiving_scheme_address', '1 Quay Street, Manchester, M3 3JZ'],
  ['ta_scheme_pstr', 'receiving_scheme_pstr', '12345678RA'],
  [
    'ta_administrator',
    'scheme_administrator',
    'provided',
    JSON.stringify({
      forenames: 'Alex',
      surname: 'Morgan',
      email: 'admin@harbour.example',
      phone: '+441619460000',
    }),
  ],
  ['ta_payment', 'receiving_scheme_bank', 'provided', schemeBank],
];

/** Each answer in turn, expecting each to be taken. */
export async function answerAll(agent: BrowserAgent, answers: readonly TransferAnswer[]) {
  for (const [page, question, key, value] of answers) {
    const answered = await answerStep(agent, transferBase, page, question, key, value);
    expect(answered.statusCode, `${page}: ${answered.body}`).toBe(200);
  }
}

/** A refusal's code, checking it is a 4xx. */
export const codeOf = (response: {
  statusCode: number;
  body: string;
  json: () => { errors: Array<{ code: string }> };
}) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json().errors[0]!.code;
};
