import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlockEnvelope } from '@meridian/contracts';
import { renderBlocks } from '../render-blocks';

const source = '/mdp-api/api/members/current/retirement-application';

const applicationCard: BlockEnvelope = {
  type: 'taskCard',
  headingLevel: 3,
  title: 'Retirement application',
  html: '<p>Apply to take your pension.</p>',
  link: { label: 'Apply for your pension', href: '/apply' },
  dataSourceUrl: source,
  statuses: [
    { state: 'done', text: 'Submitted [[data-date:submittedOn]]', whenData: { path: 'submittedOn' } },
    {
      state: 'inProgress',
      text: 'In progress, step [[data-text:step]] of [[data-text:steps]]',
      whenData: { path: 'status', in: ['Started'] },
    },
    {
      state: 'notStarted',
      text: 'Ready to start',
      visibility: { field: 'lifeStage', in: ['EligibleToRetire'] },
    },
  ],
};

const statusText = () => document.querySelector('.task-tag')?.textContent ?? null;

describe('task card', () => {
  it('shows the first status whose data condition holds, filled from its data source', () => {
    renderBlocks([applicationCard], {
      dataSources: { [source]: { status: 'Started', step: 4, steps: 9, submittedOn: null } },
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Retirement application' })).toBeTruthy();
    expect(statusText()).toBe('In progress, step 4 of 9');
    expect(document.querySelector('.task-tag')!.className).toContain('task-tag--in-progress');
    expect(screen.getByText('Status:').className).toBe('visually-hidden');
    expect(screen.getByRole('link', { name: 'Apply for your pension' }).getAttribute('href')).toBe('/apply');
  });

  it('prefers an earlier status, and falls to one chosen by the access key', () => {
    const { unmount } = renderBlocks([applicationCard], {
      dataSources: { [source]: { status: 'Submitted', submittedOn: '2026-11-03' } },
    });
    expect(statusText()).toBe('Submitted 03 Nov 2026');
    unmount();
    renderBlocks([applicationCard], {
      accessKey: { fields: { lifeStage: 'EligibleToRetire' } },
      dataSources: { [source]: null },
    });
    expect(statusText()).toBe('Ready to start');
  });

  it('shows no status when no rule holds', () => {
    renderBlocks([applicationCard], { accessKey: { fields: { lifeStage: 'Working' } } });
    expect(statusText()).toBeNull();
    expect(screen.getByText('Apply to take your pension.')).toBeTruthy();
  });
});
