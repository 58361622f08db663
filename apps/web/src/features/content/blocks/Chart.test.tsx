import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlocks } from '../render-blocks';
import { categoryAxis } from './Chart';

/** The labels of the retirement options chart: a birthday at each age in a window of 15 years. */
const ages = Array.from({ length: 15 }, (_, index) => `Age ${55 + index}`);

describe('a chart’s category axis', () => {
  it('keeps labels as they are where they fit', () => {
    expect(categoryAxis(['Age 60', 'Age 61'], 270)).toEqual({ name: '', ticks: ['Age 60', 'Age 61'] });
  });

  it('says the words every label starts with once, as the axis name, when the labels would run together', () => {
    const { name, ticks } = categoryAxis(ages, 540 / 15);
    expect(name).toBe('Age');
    expect(ticks).toEqual(ages.map((age) => age.slice(4)));
  });

  it('shows every second label, the first always, where even the short ones would not fit', () => {
    const many = Array.from({ length: 60 }, (_, index) => `Age ${40 + index}`);
    const { name, ticks } = categoryAxis(many, 9);
    expect(name).toBe('Age');
    expect(ticks.slice(0, 5)).toEqual(['40', '', '', '43', '']);
    expect(ticks.filter(Boolean)).toHaveLength(20);
  });

  it('takes only whole words that every label has more after', () => {
    expect(categoryAxis(['Tax year 2024', 'Tax year 2025', 'Tax'], 20).name).toBe('');
    expect(categoryAxis(['Tax year 2024', 'Tax year 2025', 'Tax years'], 30).name).toBe('Tax');
  });

  it('draws 15 ages with labels far enough apart not to touch, and the full labels in the table', () => {
    renderBlocks([
      {
        type: 'chart',
        kind: 'bar',
        title: 'Your pension a year by the age you retire',
        format: 'currency',
        labels: ages,
        series: [{ name: 'Full pension', values: ages.map((_, index) => 1_500_000 + index * 100_000) }],
      },
    ]);
    const image = screen.getByRole('img', { name: /^Your pension a year by the age you retire\. Bar chart/ });
    const axis = [...image.querySelectorAll('.chart__axes > text')];
    expect(axis.map((text) => text.textContent)).toEqual(['Age', ...ages.map((age) => age.slice(4))]);
    const centres = axis.slice(1).map((text) => Number(text.getAttribute('x')));
    // Two digits of 14px text are at most 17 units wide: each gap between centres leaves room to spare.
    for (let index = 1; index < centres.length; index += 1)
      expect(centres[index]! - centres[index - 1]!).toBeGreaterThan(17 + 6);
    expect(
      screen.getByRole('table', { name: 'Your pension a year by the age you retire' }).textContent,
    ).toMatch(/Age 55£15,000.*Age 69£29,000/);
  });
});
