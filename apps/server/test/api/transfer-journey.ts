import { expect } from 'vitest';
import { utcDay } from '@meridian/pensions';
import type { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
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

/** Meridian's scheme allows partial transfers: the member transfers the whole value. */
export const wholeValue: TransferAnswer = ['ta_amount', 'transfer_amount', 'all'];

/**
 * The first page (the scam warnings read), the whole value transferred, through the receiving scheme,
 * a personal pension, to its bank.
 */
export const schemeAnswers: readonly TransferAnswer[] = [
  ['ta_scams', 'scam_check', 'continue'],
  wholeValue,
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

/** The adviser firm's UK address, as the address question keeps it. */
export const adviserAddress: TransferAnswer = [
  'ta_adviser_address',
  'adviser_address',
  'provided',
  JSON.stringify({ lines: ['4 Park Row'], town: 'Leeds', postcode: 'LS1 5HN' }),
];

/** Each answer in turn, expecting each to be taken. */
export async function answerAll(agent: BrowserAgent, answers: readonly TransferAnswer[]) {
  for (const [page, question, key, value] of answers) {
    const answered = await answerStep(agent, transferBase, page, question, key, value);
    expect(answered.statusCode, `${page}: ${answered.body}`).toBe(200);
  }
}

/**
 * The pages after the advice: no flexible benefits taken, the transfer to access the money, Pension
 * Wise guidance had today, and the declarations ticked, reaching check your answers.
 */
export async function answerFlexibleToDeclarations(agent: BrowserAgent, today: string) {
  await answerAll(agent, [
    ['ta_flexible', 'flexible_benefits_taken', 'no'],
    ['ta_access', 'transfer_to_access', 'yes'],
    ['ta_pension_wise', 'pension_wise', 'had'],
    ['ta_pension_wise_date', 'pension_wise_date', today],
  ]);
  const ticked = await agent.request({
    method: 'POST',
    url: `${transferBase}/page/ta_declarations/checkboxesLists`,
    payload: {
      checkboxesListKey: 'declarations',
      checkboxes: ['information_true', 'give_up_benefits', 'scam_warnings'].map((key) => ({
        key,
        answerValue: true,
      })),
    },
  });
  expect(ticked.statusCode, ticked.body).toBe(204);
  const next = await agent.request({
    method: 'POST',
    url: `${transferBase}/submit-step`,
    payload: { currentPageKey: 'ta_declarations' },
  });
  expect(next.json()).toEqual({ nextPageKey: 'ta_check_answers' });
}

const redFlags = ['evidence', 'guidance', 'adviser', 'contact', 'incentive', 'pressure'];
const amberFlags = ['incomplete', 'evidence', 'investments', 'fees', 'structure', 'overseas', 'rise'];

/** No red flag; the amber flags as given (overseas investments by default). */
export async function answerFlags(agent: BrowserAgent, ambers: readonly string[] = ['overseas']) {
  await answerAll(
    agent,
    redFlags.map((flag) => [`ta_red_${flag}`, `red_${flag}`, 'no'] as const),
  );
  await answerAll(
    agent,
    amberFlags.map(
      (flag) => [`ta_amber_${flag}`, `amber_${flag}`, ambers.includes(flag) ? 'yes' : 'no'] as const,
    ),
  );
}

let uploads = 0;
/** A PDF uploaded to the member's documents for a journey's file question, as that answer's value. */
export async function uploaded(agent: BrowserAgent, file: string, documentType: string) {
  // Each upload a name of its own (the library refuses a second file of the same name).
  const name = `${++uploads}-${file}`;
  const upload = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm(name, await files.pdf('Advice letter'), { journeyType: 'documents', documentType }),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return JSON.stringify({ id: upload.json().fileUuid, name });
}

/** Advice taken from the firm with this FCA number, then on through the declarations to check your answers. */
export async function answerAdviceToEnd(agent: BrowserAgent, firmReference = '7654321') {
  await answerAll(agent, [
    ['ta_advice', 'advice_taken', 'yes'],
    ['ta_adviser_firm', 'adviser_firm', 'Northgate Pension Advice'],
    adviserAddress,
    ['ta_adviser_fca', 'adviser_fca_number', firmReference],
    ['ta_advice_date', 'financial_advice_date', utcDay(new Date())],
    [
      'ta_advice_document',
      'advice_confirmation',
      'provided',
      await uploaded(agent, 'advice.pdf', 'Upload your adviser’s letter confirming the advice'),
    ],
  ]);
  await answerFlexibleToDeclarations(agent, utcDay(new Date()));
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
