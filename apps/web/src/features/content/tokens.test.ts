import { describe, expect, it } from 'vitest';
import { createTextResolver, noTexts, stripTags } from './tokens';

const sources = {
  ...noTexts,
  labels: { helpline: 'Call [[token:tenant_name]] on 0300 123 4567', 'currency:GBP': '£' },
  tokens: { tenant_name: 'Meridian', Name: 'Alex <b>Smith</b>' },
  modals: { What_Is_Lump_Sum: { title: 'Lump sums', html: '<p>Tax free</p>' } },
  tooltips: { reference_number: 'On your statement' },
};
const resolver = createTextResolver(sources);

describe('content placeholders', () => {
  it('fills labels, ignoring case, and tokens inside labels', () => {
    expect(resolver.text('[[label:HELPLINE]].')).toBe('Call Meridian on 0300 123 4567.');
    expect(resolver.label('currency:GBP')).toBe('£');
  });

  it('fills placeholders written in any letter case', () => {
    expect(resolver.text('[[LABEL:helpline]] / [[Label:Currency:gbp]] / [[TOKEN:Tenant_Name]]')).toBe(
      'Call Meridian on 0300 123 4567 / £ / Meridian',
    );
    expect(createTextResolver(sources, { when: '2031-06-30' }).text('On [[Data-Date:when]]')).toBe(
      'On 30 Jun 2031',
    );
  });

  it('leaves no space before punctuation where a placeholder comes out empty', () => {
    const empty = createTextResolver({ ...sources, labels: { nothing: '' }, tokens: { blank: '' } });
    expect(empty.text('Paid monthly [[label:nothing]].')).toBe('Paid monthly.');
    expect(empty.text('Hello [[token:blank]], welcome [[token:blank]]!')).toBe('Hello, welcome!');
    expect(resolver.text('Call us: [[label:helpline]].')).toBe('Call us: Call Meridian on 0300 123 4567.');
  });

  it('leaves no space before punctuation after several empty placeholders, or one inside tags', () => {
    const empty = createTextResolver({
      ...sources,
      labels: { nothing: '', greeting: 'Hello [[token:title]] [[token:blank]]' },
      tokens: { blank: '', title: '' },
    });
    expect(empty.text('Hello [[token:title]] [[token:blank]], Jane')).toBe('Hello, Jane');
    expect(empty.text('[[label:greeting]], Jane')).toBe('Hello, Jane');
    expect(empty.html('<p>Hello <strong>[[token:blank]]</strong>, Jane</p>')).toBe(
      '<p>Hello<strong></strong>, Jane</p>',
    );
    expect(empty.text('Hello <strong>[[token:blank]]</strong>, Jane')).toBe('Hello, Jane');
    // an empty placeholder before a word keeps the spacing of the text around it
    expect(empty.text('Hello [[token:blank]] Jane')).toBe('Hello  Jane');
    expect(resolver.text('Hello [[token:tenant_name]], Jane')).toBe('Hello Meridian, Jane');
  });

  it('words periods and yearly amounts with the tenant’s unit labels', () => {
    const worded = createTextResolver(
      { ...sources, labels: { unit_years: 'yrs', unit_month: 'mth', unit_per_year: 'per annum' } },
      { period: '5Y1M0W0D' },
    );
    expect(worded.text('[[data-timeto:period]]')).toBe('5 yrs, 1 mth');
    expect(worded.words).toMatchObject({
      years: 'yrs',
      month: 'mth',
      months: 'months',
      perYear: 'per annum',
    });
    expect(resolver.words.perYear).toBe('a year');
  });

  it('shows a missing label as its key in brackets', () => {
    expect(resolver.text('Before [[label:no_such_label]] after')).toBe('Before [[no_such_label]] after');
  });

  it('fills tokens from member data and leaves unknown tokens untouched', () => {
    expect(resolver.html('<p>Hello [[token:name]], [[token:unknown_token]]</p>')).toBe(
      '<p>Hello Alex <b>Smith</b>, [[token:unknown_token]]</p>',
    );
  });

  it('strips tags from plain-text fields, after filling placeholders', () => {
    expect(resolver.text('Dear <em>[[token:name]]</em>')).toBe('Dear Alex Smith');
    expect(stripTags('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('finds globals modals and tooltips by key, ignoring case', () => {
    expect(resolver.modal('what_is_lump_sum')?.title).toBe('Lump sums');
    expect(resolver.tooltip('REFERENCE_NUMBER')).toBe('On your statement');
    expect(resolver.modal('nothing')).toBeUndefined();
    expect(resolver.tooltip('nothing')).toBeUndefined();
  });

  it('leaves modal and tooltip placeholders for the renderer', () => {
    expect(resolver.html('<p>[[modal:what_is_lump_sum]] [[tooltip:reference_number]]</p>')).toBe(
      '<p>[[modal:what_is_lump_sum]] [[tooltip:reference_number]]</p>',
    );
  });
});

describe('data placeholders', () => {
  const data = {
    normalRetirementDate: '2031-06-30',
    timeToNormalRetirement: '5Y2M0W3D',
    timeToTargetRetirement: '0Y0M0W0D',
    quote: { fullPensionPence: 1234567, options: [{ lumpSumPence: '250000' }] },
    schemeName: 'Meridian <Final Salary> & Co',
    empty: '',
    nothing: null,
  };
  const withData = createTextResolver(sources, data);

  it('formats currency in pence (one precision a line), dates and periods, and text as it is', () => {
    expect(
      withData.text(
        '[[data-currency:quote.fullPensionPence]] [[data-currency:quote.options.0.lumpSumPence]] ' +
          '[[data-date:normalRetirementDate]] [[data-timeto:timeToNormalRetirement]] [[data-text:schemeName]]',
      ),
    ).toBe('£12,346 £2,500 30 Jun 2031 5 years, 2 months Meridian <Final Salary> & Co');
  });

  it('escapes text from data in rich text', () => {
    expect(withData.html('<p>[[data-text:schemeName]]</p>')).toBe(
      '<p>Meridian &#60;Final Salary&#62; &#38; Co</p>',
    );
  });

  it('shows "-" for a missing value, a period of nothing, or no data at all', () => {
    expect(
      withData.text(
        '[[data-text:missing.path]]|[[data-currency:empty]]|[[data-date:nothing]]|[[data-timeto:timeToTargetRetirement]]|[[data-text:quote]]',
      ),
    ).toBe('-|-|-|-|-');
    expect(resolver.text('[[data-date:normalRetirementDate]]')).toBe('-');
  });

  it('does not read inherited properties', () => {
    expect(withData.text('[[data-text:quote.constructor]] [[data-text:__proto__]]')).toBe('- -');
  });
});
