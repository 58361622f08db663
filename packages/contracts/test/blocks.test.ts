import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blockSchema,
  blockTypeNames,
  pageFileSchema,
  pageSchema,
  strictBlockSchema,
  type BlockType,
} from '../src';

const rich = { type: 'richText', html: '<p>Hello</p>' };

/** For each block type: a valid example and one that breaks its contract. */
const examples: Record<BlockType, { valid: object; invalid: object }> = {
  panel: {
    valid: { type: 'panel', layout: '66/33', columns: [{ blocks: [rich] }, { blocks: [] }] },
    invalid: { type: 'panel', layout: '33/33/33', columns: [{ blocks: [] }] },
  },
  grid: {
    valid: { type: 'grid', columns: 2, blocks: [rich, rich] },
    invalid: { type: 'grid', columns: 5, blocks: [] },
  },
  tabs: {
    valid: { type: 'tabs', tabs: [{ label: 'One', blocks: [rich] }] },
    invalid: { type: 'tabs', tabs: [] },
  },
  accordion: {
    valid: {
      type: 'accordion',
      items: [
        { heading: 'A', html: '<p>a</p>' },
        { heading: 'B', blocks: [rich] },
      ],
    },
    invalid: { type: 'accordion', items: [{ heading: 'A', html: '<p>a</p>', blocks: [rich] }] },
  },
  richText: { valid: rich, invalid: { type: 'richText' } },
  message: {
    valid: { type: 'message', variant: 'warning', title: 'Careful', html: '<p>Check</p>' },
    invalid: { type: 'message', variant: 'loud', html: '' },
  },
  header: {
    valid: { type: 'header', title: 'Your pension', intro: 'All of it' },
    invalid: { type: 'header', title: '' },
  },
  button: {
    valid: { type: 'button', label: 'Start', pageKey: 'retirement_start' },
    invalid: { type: 'button', label: 'Start', href: '/a', action: 'logout-action' },
  },
  buttonGroup: {
    valid: {
      type: 'buttonGroup',
      buttons: [
        { label: 'Go', href: '/go' },
        { label: 'Out', action: 'logout-action' },
      ],
    },
    invalid: { type: 'buttonGroup', buttons: [{ label: 'Go' }] },
  },
  linkPanel: {
    valid: {
      type: 'linkPanel',
      title: 'Useful links',
      links: [{ label: 'Gov', href: 'https://www.gov.uk/', description: 'The government' }],
    },
    invalid: { type: 'linkPanel', title: 'Links', links: [{ label: 'Bad', href: 'javascript:alert(1)' }] },
  },
  card: {
    valid: {
      type: 'card',
      title: 'Transfers',
      html: '<p>Move it</p>',
      link: { label: 'Find out more', pageKey: 'transfers' },
    },
    invalid: { type: 'card', title: 'Transfers', link: { label: 'Where?' } },
  },
  taskCard: {
    valid: {
      type: 'taskCard',
      title: 'Retirement application',
      link: { label: 'Apply for your pension', href: '/retirement-application' },
      dataSourceUrl: '/mdp-api/api/members/current/time-to-retirement',
      statuses: [
        {
          state: 'inProgress',
          text: 'In progress',
          visibility: { field: 'retirementApplicationStatus', in: ['StartedRA'] },
        },
        { state: 'done', text: 'Submitted', whenData: { path: 'submittedOn' } },
        { state: 'notStarted', text: 'Ready to start' },
      ],
    },
    invalid: {
      type: 'taskCard',
      title: 'Retirement application',
      link: { label: 'Apply', href: '/apply' },
      statuses: [{ state: 'halfway', text: 'Half done' }],
    },
  },
  infoTile: {
    valid: { type: 'infoTile', label: 'Your pot', value: 1234567, format: 'currency' },
    invalid: { type: 'infoTile', label: 'Your pot', value: { pence: 1 } },
  },
  pageFeed: {
    valid: {
      type: 'pageFeed',
      layout: 'carousel',
      items: [{ title: 'News', link: { label: 'Read', href: '/news' } }],
    },
    invalid: { type: 'pageFeed', layout: 'list', items: [] },
  },
  dataSummary: {
    valid: {
      type: 'dataSummary',
      rows: [
        { label: 'Pension', value: '[[token:pension_per_year]]', format: 'currencyPerYear' },
        {
          label: 'Documents',
          value: [{ name: 'Statement.pdf', href: '/files/1', size: 120000 }],
          format: 'fileList',
        },
        { label: 'Sort code', value: null, format: 'sortCode' },
      ],
    },
    invalid: { type: 'dataSummary', rows: [{ label: 'Pension', value: 1, format: 'money' }] },
  },
  dataTable: {
    valid: {
      type: 'dataTable',
      caption: 'Payments',
      columns: [
        { key: 'date', label: 'Date', format: 'date' },
        { key: 'amount', label: 'Amount', format: 'currency' },
      ],
      rows: [{ date: '2026-01-31', amount: 123456 }],
      sortable: true,
      pageSize: 10,
    },
    invalid: {
      type: 'dataTable',
      caption: 'Payments',
      columns: [{ key: 'a', label: 'A' }],
      rows: [],
      pageSize: 0,
    },
  },
  timeline: {
    valid: {
      type: 'timeline',
      items: [{ date: '2026-03-01', label: 'Application received', status: 'completed' }],
    },
    invalid: { type: 'timeline', items: [{ date: '2026-03-01', label: 'Sent', status: 'lost' }] },
  },
  modal: {
    valid: { type: 'modal', triggerLabel: 'What is this?', title: 'Lump sums', html: '<p>Tax free</p>' },
    invalid: { type: 'modal', title: 'Lump sums', html: '' },
  },
  pageMenu: {
    valid: { type: 'pageMenu', items: [{ anchor: 'your-options', label: 'Your options' }] },
    invalid: { type: 'pageMenu', items: [{ anchor: '#Your Options', label: 'Your options' }] },
  },
  backLink: { valid: { type: 'backLink', href: '/hub' }, invalid: { type: 'backLink', label: 'Back' } },
  retirementQuotePicker: {
    valid: { type: 'retirementQuotePicker', journeyType: 'dbcoreretirementapplication' },
    invalid: { type: 'retirementQuotePicker', journeyType: 'Not A Type' },
  },
  dbService: {
    valid: { type: 'dbService' },
    invalid: { type: 'dbService', anchor: 'Not An Anchor' },
  },
  retirementPlanner: {
    valid: { type: 'retirementPlanner' },
    invalid: { type: 'retirementPlanner', anchor: 'Not An Anchor' },
  },
  memberRequests: {
    valid: { type: 'memberRequests', title: 'Your requests' },
    invalid: { type: 'memberRequests', title: 42 },
  },
  dcPot: {
    valid: { type: 'dcPot' },
    invalid: { type: 'dcPot', anchor: 'Not An Anchor' },
  },
  fundSwitchPreview: {
    valid: { type: 'fundSwitchPreview', show: 'change' },
    invalid: { type: 'fundSwitchPreview', show: 'everything' },
  },
  journeyStageIndicator: {
    valid: {
      type: 'journeyStageIndicator',
      stages: [
        { key: 'a', label: 'Plan' },
        { key: 'b', label: 'Apply' },
      ],
      current: 'b',
    },
    invalid: {
      type: 'journeyStageIndicator',
      stages: [
        { key: 'a', label: 'Plan' },
        { key: 'b', label: 'Apply' },
      ],
      current: 'c',
    },
  },
  resourceList: {
    valid: {
      type: 'resourceList',
      items: [{ title: 'Scheme guide', href: '/files/guide.pdf', fileSize: 2400000 }],
    },
    invalid: { type: 'resourceList', items: [{ title: 'Guide', href: '/g', fileSize: -1 }] },
  },
  chart: {
    valid: {
      type: 'chart',
      kind: 'bar',
      title: 'Contributions',
      format: 'currency',
      labels: ['2024', '2025'],
      series: [
        { name: 'You', values: [100, 200] },
        { name: 'Employer', values: [150, 250] },
      ],
    },
    invalid: {
      type: 'chart',
      kind: 'doughnut',
      title: 'Funds',
      labels: ['A', 'B'],
      series: [{ name: 'x', values: [1] }],
    },
  },
};

describe('block contracts', () => {
  it('has an example for every block type', () => {
    expect(Object.keys(examples).sort()).toEqual([...blockTypeNames].sort());
  });

  for (const [type, { valid, invalid }] of Object.entries(examples)) {
    it(`${type}: parses a valid block and refuses a bad one`, () => {
      expect(blockSchema.safeParse(valid).error).toBeUndefined();
      expect(strictBlockSchema.safeParse(valid).error).toBeUndefined();
      expect(blockSchema.safeParse(invalid).success).toBe(false);
    });
  }

  it('accepts a visibility rule and an anchor on any block, and refuses a malformed rule', () => {
    const withRule = {
      ...rich,
      anchor: 'intro',
      visibility: { all: [{ field: 'schemeType', in: ['DB'] }, { not: { flag: 'HIDE' } }] },
    };
    expect(blockSchema.safeParse(withRule).success).toBe(true);
    expect(
      blockSchema.safeParse({ ...rich, visibility: { field: 'favouriteColour', in: ['red'] } }).success,
    ).toBe(false);
    expect(blockSchema.safeParse({ ...rich, visibility: { flag: 'A', extra: 1 } }).success).toBe(false);
  });

  it('checks only the envelope of nested blocks; the strict schema checks them all the way down', () => {
    const panel = {
      type: 'panel',
      layout: '100',
      columns: [{ blocks: [{ type: 'tabs', tabs: [{ label: 'A', blocks: [{ type: 'gizmo' }] }] }] }],
    };
    expect(blockSchema.safeParse(panel).success).toBe(true);
    expect(strictBlockSchema.safeParse(panel).success).toBe(false);
  });

  it('refuses unknown types when strict', () => {
    expect(strictBlockSchema.safeParse({ type: 'gizmo' }).success).toBe(false);
  });
});

describe('authoring is strict, delivery tolerant', () => {
  const firstIssue = (block: object) => {
    const issue = strictBlockSchema.safeParse(block).error?.issues[0];
    return issue && { path: issue.path.join('.'), message: issue.message };
  };

  it('refuses a misspelt parameter, naming it, where delivery drops it', () => {
    const misspelt = { type: 'header', title: 'Your pension', tittle: 'Typo' };
    expect(firstIssue(misspelt)).toEqual({ path: '', message: 'Unrecognized key: "tittle"' });
    expect(blockSchema.parse(misspelt)).toEqual({ type: 'header', title: 'Your pension' });
  });

  it('refuses unknown keys in nested objects and nested blocks', () => {
    expect(
      firstIssue({
        type: 'card',
        title: 'Transfers',
        link: { label: 'More', pageKey: 'transfers', target: '_blank' },
      }),
    ).toEqual({ path: 'link', message: 'Unrecognized key: "target"' });
    expect(
      firstIssue({ type: 'buttonGroup', buttons: [{ label: 'Go', href: '/go', colour: 'red' }] }),
    ).toEqual({ path: 'buttons.0', message: 'Unrecognized key: "colour"' });
    expect(
      firstIssue({
        type: 'tabs',
        tabs: [{ label: 'One', blocks: [{ type: 'richText', html: '<p>a</p>', htlm: '' }] }],
      }),
    ).toEqual({ path: 'tabs.0.blocks.0', message: 'Unrecognized key: "htlm"' });
    expect(
      firstIssue({ type: 'dataSummary', rows: [{ label: 'Pot', value: 1, fromat: 'currency' }] }),
    ).toEqual({ path: 'rows.0', message: 'Unrecognized key: "fromat"' });
    expect(
      blockSchema.safeParse({ type: 'dataSummary', rows: [{ label: 'Pot', value: 1, fromat: 'currency' }] })
        .success,
    ).toBe(true);
  });

  it('checks a page file strictly all the way down', () => {
    const page = {
      slug: '/a',
      key: 'a_page',
      title: 'A',
      blocks: [{ type: 'grid', blocks: [{ type: 'header', title: 'T', intro: 'I', extra: 1 }] }],
    };
    const issue = pageFileSchema.safeParse(page).error?.issues[0];
    expect(issue?.path.join('.')).toBe('blocks.0.blocks.0');
    expect(issue?.message).toBe('Unrecognized key: "extra"');
  });
});

describe('link addresses', () => {
  const withHref = (href: string) =>
    strictBlockSchema.safeParse({ type: 'button', label: 'Go', href }).success;

  it('takes site paths, https addresses with a host, mailto: and tel:', () => {
    for (const href of [
      '/help',
      'https://www.gov.uk',
      'https://www.gov.uk/pensions?x=1',
      'mailto:a@b.org',
      'tel:0300',
    ])
      expect(withHref(href), href).toBe(true);
  });

  it('refuses an address without a host, another scheme or a protocol-relative address', () => {
    for (const href of [
      'https://',
      'https:///help',
      'https://?q',
      'https://#top',
      'http://example.org',
      '//evil.example',
      'javascript:alert(1)',
      'mailto:',
    ])
      expect(withHref(href), href).toBe(false);
  });
});

describe('new block fields', () => {
  it('takes data from member-data paths only', () => {
    const withSource = (dataSourceUrl: string) =>
      strictBlockSchema.safeParse({
        type: 'richText',
        html: '<p>[[data-date:normalRetirementDate]]</p>',
        dataSourceUrl,
      }).success;
    expect(withSource('/mdp-api/api/members/current/time-to-retirement')).toBe(true);
    expect(withSource('/mdp-api/api/v3/retirement/quotes?bypassCache=false')).toBe(true);
    expect(withSource('/content-api/api/v2/content/tenant-content')).toBe(false);
    expect(withSource('https://evil.example/mdp-api/api/members')).toBe(false);
    expect(withSource('//evil.example/mdp-api/api/members')).toBe(false);
    expect(withSource('/mdp-api/api/../../authentication-api/api/authentication/logout')).toBe(false);
    expect(withSource('/mdp-api/api/')).toBe(false);
    for (const type of ['card', 'infoTile'])
      expect(
        strictBlockSchema.safeParse({
          ...examples[type as BlockType].valid,
          dataSourceUrl: '/mdp-api/api/members/current/time-to-retirement',
        }).success,
      ).toBe(true);
  });

  it('gives a button an optional analytics key', () => {
    expect(
      strictBlockSchema.safeParse({
        type: 'button',
        label: 'Sign out',
        action: 'logout-action',
        analyticsKey: 'sign-out',
      }).success,
    ).toBe(true);
    expect(
      strictBlockSchema.safeParse({
        type: 'button',
        label: 'Sign out',
        action: 'logout-action',
        analyticsKey: '',
      }).success,
    ).toBe(false);
  });

  it('lets a modal hold blocks instead of html, but not both', () => {
    const modal = { type: 'modal', triggerLabel: 'Open', title: 'Title' };
    const close = { type: 'button', label: 'Close', action: 'close-dialog-action' };
    expect(strictBlockSchema.safeParse({ ...modal, blocks: [rich, close] }).success).toBe(true);
    expect(strictBlockSchema.safeParse({ ...modal, html: '<p>a</p>', blocks: [close] }).success).toBe(false);
    expect(strictBlockSchema.safeParse(modal).success).toBe(false);
  });
});

describe('blocks on a page', () => {
  it('delivers a page’s blocks as envelopes (the content service checked each one when it read the page)', () => {
    const page = {
      slug: '/',
      key: 'home',
      title: 'Home',
      authMethod: null,
      tenant: { tenantUrl: 'localhost', businessGroup: ['MER'] },
      bgroup: 'MER',
      blocks: [rich, { type: 'gizmo' }],
    };
    expect(pageSchema.parse(page).blocks).toEqual([rich, { type: 'gizmo' }]);
  });
});

describe('the blocks demo page', () => {
  const file = new URL('../../../content/tenants/meridian/pages/blocks-demo.json', import.meta.url);
  const page = pageFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

  it('uses every block type', () => {
    const types = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        if ('type' in value && typeof value.type === 'string') types.add(value.type);
        Object.values(value).forEach(walk);
      }
    };
    walk(page.blocks);
    expect([...types].sort()).toEqual([...blockTypeNames].sort());
  });
});
