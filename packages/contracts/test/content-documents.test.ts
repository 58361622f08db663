import { describe, expect, it } from 'vitest';
import { contentDocumentSchemas, footerSchema, globalsSchema, menuSchema } from '../src';

const firstIssue = (
  schema: {
    safeParse: (value: unknown) => { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  value: unknown,
) => {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue && `${issue.path.join('.')}: ${issue.message}`;
};

describe('content documents', () => {
  it('refuses misspelt keys in globals when authoring, and drops them when delivering', () => {
    const globals = {
      labels: [{ labelKey: 'helpline', labelText: 'Call us' }],
      messages: [{ key: 'scam_warning', titel: 'Careful', html: '<p>Hang up</p>' }],
    };
    expect(firstIssue(contentDocumentSchemas.globals, globals)).toBe('messages.0: Unrecognized key: "titel"');
    expect(firstIssue(contentDocumentSchemas.globals, { ...globals, messages: [], modal: [] })).toBe(
      ': Unrecognized key: "modal"',
    );
    expect(globalsSchema.parse(globals).messages[0]).not.toHaveProperty('titel');
    expect(globalsSchema.parse({ ...globals, messages: [], extra: 1 })).not.toHaveProperty('extra');
  });

  it('keeps the globals modals and tooltips collections', () => {
    const parsed = contentDocumentSchemas.globals.parse({
      modals: [{ key: 'what_is_lump_sum', title: 'Lump sums', html: '<p>Tax free</p>' }],
      tooltips: [{ key: 'reference_number', text: 'On your statement' }],
    });
    expect(parsed.modals[0]?.title).toBe('Lump sums');
    expect(parsed.tooltips[0]?.text).toBe('On your statement');
  });

  it('refuses a menu or footer address without a host', () => {
    expect(
      firstIssue(contentDocumentSchemas.menu, { items: [{ label: 'Help', href: 'https:///help' }] }),
    ).toBe('items.0.href: a site path or an https:// address with a host');
    expect(firstIssue(contentDocumentSchemas.footer, { links: [{ label: 'Help', href: 'https://' }] })).toBe(
      'links.0.href: a site path or an https:// address with a host',
    );
    expect(
      contentDocumentSchemas.menu.safeParse({ items: [{ label: 'Gov', href: 'https://www.gov.uk/x' }] })
        .success,
    ).toBe(true);
  });

  it('refuses a menu item with a misspelt key or with both an address and a page', () => {
    expect(
      firstIssue(contentDocumentSchemas.menu, { items: [{ label: 'Help', href: '/help', ordreNo: 1 }] }),
    ).toBe('items.0: Unrecognized key: "ordreNo"');
    expect(
      firstIssue(contentDocumentSchemas.menu, { items: [{ label: 'Help', href: '/help', pageKey: 'help' }] }),
    ).toBe('items.0: needs exactly one of href, pageKey');
    expect(
      contentDocumentSchemas.menu.parse({ items: [{ label: 'Help', pageKey: 'help' }] }).items[0],
    ).toEqual({
      label: 'Help',
      pageKey: 'help',
      position: 'Left',
      orderNo: 0,
      signedInOnly: false,
    });
    expect(menuSchema.safeParse({ items: [{ label: 'Help', href: '/help', ordreNo: 1 }] }).success).toBe(
      true,
    );
  });

  it('refuses misspelt keys in the footer, option lists, question nodes and funds', () => {
    expect(
      firstIssue(contentDocumentSchemas.footer, {
        links: [{ label: 'Cookies', href: '/cookies', lable: 'x' }],
      }),
    ).toBe('links.0: Unrecognized key: "lable"');
    expect(
      footerSchema.safeParse({ links: [{ label: 'Cookies', href: '/cookies', lable: 'x' }] }).success,
    ).toBe(true);
    expect(
      firstIssue(contentDocumentSchemas['option-lists'], [
        { key: 'db', title: 'Options', options: [{ key: 'a', title: 'A', visiblity: {} }] },
      ]),
    ).toBe('0.options.0: Unrecognized key: "visiblity"');
    expect(
      firstIssue(contentDocumentSchemas['question-nodes'], [
        { key: 'q', optionKey: 'o', question: 'Why?', answers: [{ label: 'Yes', next: 'r' }] },
      ]),
    ).toBe('0.answers.0: Unrecognized key: "next"');
    expect(
      firstIssue(contentDocumentSchemas.funds, [
        { fundCode: 'A', fundGroup: 'G', fundName: 'N', orderNo: 1, url: '' },
      ]),
    ).toBe('0: Unrecognized key: "url"');
    // A fund's charge is the DC scheme configuration's alone, so content cannot state another.
    expect(
      firstIssue(contentDocumentSchemas.funds, [
        { fundCode: 'A', fundGroup: 'G', fundName: 'N', orderNo: 1, annualChargePercent: 0.2 },
      ]),
    ).toBe('0: Unrecognized key: "annualChargePercent"');
  });
});
