import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dcCompareRequestSchema, type DcCompareRequest, type DcCompareResponse } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { formatCurrency, formatCurrencyPerYear, formatDate } from '../../lib/format';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import { compareDcOptions } from './dc-api';
import { DC_OPTIONS_PATH } from './DcExplorePage';
import { MpaaWarning } from './OptionCard';
import { optionText } from './option-text';
import './dc-options.css';

type LivingStandardLevel = DcCompareResponse['standards']['levels'][number]['level'];

const levelNames: Record<LivingStandardLevel, string> = {
  minimum: 'Minimum',
  moderate: 'Moderate',
  comfortable: 'Comfortable',
};

/** The compare request the address holds, checked with the contract's schema; null when it holds none. */
export function compareRequestOf(query: URLSearchParams): DcCompareRequest | null {
  let options: unknown;
  try {
    options = JSON.parse(query.get('options') ?? 'null');
  } catch {
    return null;
  }
  const amount = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
  const checked = dcCompareRequestSchema.safeParse({
    retirementDate: query.get('retirementDate') ?? undefined,
    household: query.get('household') ?? undefined,
    otherIncomePence: amount('otherIncomePence'),
    lumpSumAllowanceUsedPence: amount('lumpSumAllowanceUsedPence'),
    options,
  });
  return checked.success ? checked.data : null;
}

type Compared = DcCompareResponse['options'][number];

const difference = (pence: number) =>
  pence >= 0 ? `${formatCurrency(pence)} a year more` : `${formatCurrency(-pence)} a year short`;

/**
 * Compare: two or three options side by side at one date, each yearly income after estimated tax set
 * against the PLSA Retirement Living Standards for a single person or a couple.
 */
export function DcComparePage() {
  useDocumentTitle('Compare your options');
  const [searchParams, setSearchParams] = useSearchParams();
  const request = compareRequestOf(searchParams);
  const recordKey = activeRecordKey(singleAuthData.read());
  const read = useLoad(() => (request ? compareDcOptions(request) : Promise.resolve(null)), {
    key: `${recordKey}?${searchParams.toString()}`,
  });
  const compared = read.data;

  const changeHousehold = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const household = new FormData(event.currentTarget).get('household');
    const next = new URLSearchParams(searchParams);
    next.set('household', household === 'couple' ? 'couple' : 'single');
    setSearchParams(next);
  };

  return (
    <>
      <Link to={DC_OPTIONS_PATH} className="back-link">
        Back to your options
      </Link>
      <h1>Compare your options</h1>
      {!request && (
        <p>
          There are no options to compare. <Link to={DC_OPTIONS_PATH}>Choose 2 or 3 options</Link> to compare.
        </p>
      )}
      <LoadFailed what="compare your options" load={read} />
      {request && !compared && !read.failure && <p className="page-loading">Comparing your options</p>}
      {compared && request && (
        <>
          <p className="lead">
            If you take your pot on {formatDate(compared.retirementDate)}, when it could be worth{' '}
            {formatCurrency(compared.potPence)}.
          </p>
          <form onSubmit={changeHousehold} noValidate key={compared.household}>
            <div className="form-group">
              <fieldset>
                <legend className="legend">Compare with the living standards for</legend>
                {(['single', 'couple'] as const).map((household) => (
                  <div className="radio" key={household}>
                    <input
                      type="radio"
                      id={`household-${household}`}
                      name="household"
                      value={household}
                      defaultChecked={compared.household === household}
                    />
                    <label htmlFor={`household-${household}`}>
                      {household === 'single' ? 'One person' : 'A couple'}
                    </label>
                  </div>
                ))}
              </fieldset>
            </div>
            <button type="submit" className="button button--secondary">
              Update the comparison
            </button>
          </form>
          <CompareTable compared={compared} />
          {compared.options.some((option) => option.mpaaApplies) && (
            <MpaaWarning mpaaPence={compared.mpaaPence} />
          )}
          <p>
            The PLSA Retirement Living Standards ({compared.standards.year}) are what a{' '}
            {compared.household === 'single' ? 'person' : 'couple'} might spend a year in retirement, after
            tax and without housing costs. Source: {compared.standards.source}.
          </p>
        </>
      )}
    </>
  );
}

function CompareTable({ compared }: { compared: DcCompareResponse }) {
  const cell = (render: (option: Compared) => React.ReactNode) =>
    compared.options.map((option) => <td key={option.code}>{render(option)}</td>);
  return (
    <div className="dc-table-wrap">
      <table className="dc-table dc-compare">
        <caption>Your options side by side</caption>
        <thead>
          <tr>
            <td />
            {compared.options.map((option) => (
              <th scope="col" key={option.code}>
                {optionText[option.code].title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Tax-free cash</th>
            {cell((option) => formatCurrency(option.taxFreeCashPence))}
          </tr>
          <tr>
            <th scope="row">Taxable cash</th>
            {cell((option) => formatCurrency(option.taxableCashPence))}
          </tr>
          <tr>
            <th scope="row">Cash after estimated tax</th>
            {cell((option) => formatCurrency(option.cashAfterTaxPence))}
          </tr>
          <tr>
            <th scope="row">Yearly income after estimated tax</th>
            {cell((option) => formatCurrencyPerYear(option.yearlyIncomeAfterTaxPence))}
          </tr>
          <tr>
            <th scope="row">Left invested</th>
            {cell((option) => formatCurrency(option.potLeftInvestedPence))}
          </tr>
          {compared.standards.levels.map((level) => (
            <tr key={level.level}>
              <th scope="row">
                Against the {levelNames[level.level].toLowerCase()} standard (
                {formatCurrencyPerYear(
                  compared.household === 'single' ? level.singlePence : level.couplePence,
                )}
                )
              </th>
              {cell((option) => {
                const against = option.againstStandards.find((standard) => standard.level === level.level);
                return against ? difference(against.differencePence) : '';
              })}
            </tr>
          ))}
          <tr>
            <th scope="row">Reaches</th>
            {cell((option) =>
              option.reaches
                ? `The ${levelNames[option.reaches].toLowerCase()} standard`
                : 'Below the minimum standard',
            )}
          </tr>
          <tr>
            <th scope="row">What you give up</th>
            {cell((option) =>
              option.givesUp.length === 0 ? (
                'Nothing'
              ) : (
                <ul>
                  {option.givesUp.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </tr>
          <tr>
            <th scope="row">Money Purchase Annual Allowance</th>
            {cell((option) => (option.mpaaApplies ? 'Applies' : 'Does not apply'))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
