import { describe, expect, it } from 'vitest';
import { createTextResolver, stripTags } from './tokens';

const resolver = createTextResolver({
  labels: { helpline: 'Call [[token:tenant_name]] on 0300 123 4567', 'currency:GBP': '£' },
  tokens: { tenant_name: 'Meridian', Name: 'Alex <b>Smith</b>' },
});

describe('content placeholders', () => {
  it('fills labels, ignoring case, and tokens inside labels', () => {
    expect(resolver.text('[[label:HELPLINE]].')).toBe('Call Meridian on 0300 123 4567.');
    expect(resolver.label('currency:GBP')).toBe('£');
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
});
