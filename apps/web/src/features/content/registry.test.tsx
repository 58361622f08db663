// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBlocks } from './render-blocks';

describe('block registry', () => {
  it('renders rich text as sanitised markup, with placeholders filled', () => {
    const { container } = renderBlocks(
      [{ type: 'richText', html: '<p>Hello [[token:name]] <em>there</em><script>1</script></p>' }],
      {
        tokens: { name: 'Alex' },
      },
    );
    expect(container.innerHTML).toBe('<div class="rich-text"><p>Hello Alex <em>there</em></p></div>');
  });

  it('shows a visible placeholder for an unknown block in development, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderBlocks([{ type: 'mysteryWidget' }], { showSkippedBlocks: true });
    expect(screen.getByText(/unknown type/).textContent).toContain('mysteryWidget');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mysteryWidget'));
  });

  it('renders nothing for an unknown block in production, but still logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderBlocks([{ type: 'toString' }]);
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('toString'));
  });

  it('shows the marker the content service sends for a block that broke its contract, in development only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const marker = {
      type: 'skippedBlock',
      reason: 'Content block "message" does not match its contract (variant: Invalid option)',
    };
    const { unmount } = renderBlocks([marker, { type: 'richText', html: '<p>Shown</p>' }], {
      showSkippedBlocks: true,
    });
    expect(screen.getByText(/"message" does not match its contract \(variant: /)).toBeTruthy();
    expect(screen.getByText('Shown')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/"message" does not match its contract/));
    unmount();

    const { container } = renderBlocks([marker]);
    expect(container.innerHTML).toBe('');
  });

  it('skips only the marked block inside a layout block', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderBlocks([
      {
        type: 'panel',
        layout: '50/50',
        columns: [
          { blocks: [{ type: 'richText', html: '<p>Left</p>' }] },
          { blocks: [{ type: 'skippedBlock', reason: 'Content block "richText" does not match its contract' }] },
        ],
      },
    ]);
    expect(screen.getByText('Left')).toBeTruthy();
    expect(screen.queryByText(/does not match/)).toBeNull();
  });

  it('hides blocks whose visibility rule fails for the reader, at any depth', () => {
    const blocks = [
      { type: 'richText', html: '<p>For DB members</p>', visibility: { field: 'schemeType', in: ['DB'] } },
      { type: 'richText', html: '<p>For everyone</p>' },
      {
        type: 'grid',
        blocks: [
          {
            type: 'richText',
            html: '<p>Not for DC members</p>',
            visibility: { not: { field: 'schemeType', in: ['DC'] } },
          },
        ],
      },
    ];
    const { unmount } = renderBlocks(blocks);
    expect(screen.queryByText('For DB members')).toBeNull();
    expect(screen.queryByText('Not for DC members')).toBeNull();
    expect(screen.getByText('For everyone')).toBeTruthy();
    unmount();

    renderBlocks(blocks, { accessKey: { fields: { schemeType: 'DB' }, wordingFlags: [] } });
    expect(screen.getByText('For DB members')).toBeTruthy();
    expect(screen.getByText('Not for DC members')).toBeTruthy();
  });

  it('wraps a block with an anchor so that page-menu links reach it', () => {
    const { container } = renderBlocks([{ type: 'richText', anchor: 'tax', html: '<p>Tax</p>' }]);
    expect(container.querySelector('#tax')?.textContent).toBe('Tax');
  });
});
