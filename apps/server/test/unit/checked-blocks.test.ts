import { describe, expect, it } from 'vitest';
import { checkedBlocks } from '../../src/areas/content/checked-blocks';

const rich = { type: 'richText', html: '<p>Hello</p>' };
const badMessage = { type: 'message', variant: 'loud', html: '<p>Hi</p>' };

const check = (blocks: unknown) => {
  const reasons: string[] = [];
  return { blocks: checkedBlocks(blocks, (reason) => reasons.push(reason)), reasons };
};

describe('blocks checked when a page is read', () => {
  it('delivers a valid block as its contract reads it, unknown keys dropped', () => {
    expect(check([{ ...rich, colour: 'red' }])).toEqual({ blocks: [rich], reasons: [] });
  });

  it('replaces a block that fails its contract, or of an unknown type, by a marker with the reason', () => {
    const { blocks, reasons } = check([badMessage, { type: 'gizmo' }, rich]);
    expect(blocks).toEqual([
      { type: 'skippedBlock', reason: expect.stringMatching(/^Content block "message" does not match its contract \(variant: /) },
      { type: 'skippedBlock', reason: 'Content block of unknown type "gizmo"' },
      rich,
    ]);
    expect(reasons).toHaveLength(2);
  });

  it('keeps the visibility rule of a skipped block, so the marker reaches only whom the block would', () => {
    const visibility = { flag: 'Chrome' };
    expect(check([{ ...badMessage, visibility }]).blocks).toEqual([
      { type: 'skippedBlock', reason: expect.any(String), visibility },
    ]);
  });

  it('checks blocks inside layout blocks one by one, keeping their valid neighbours and container', () => {
    const { blocks } = check([
      { type: 'grid', blocks: [rich, badMessage] },
      { type: 'panel', layout: '50/50', columns: [{ blocks: [badMessage] }, { blocks: [rich] }] },
      { type: 'tabs', tabs: [{ label: 'One', blocks: [{ type: 'gizmo' }] }] },
      { type: 'accordion', items: [{ heading: 'Q', blocks: [badMessage] }, { heading: 'R', html: '<p>A</p>' }] },
      { type: 'modal', triggerLabel: 'Open', title: 'T', blocks: [{ type: 'gizmo' }] },
    ]);
    const skipped = { type: 'skippedBlock', reason: expect.any(String) };
    expect(blocks).toEqual([
      { type: 'grid', blocks: [rich, skipped] },
      { type: 'panel', layout: '50/50', columns: [{ blocks: [skipped] }, { blocks: [rich] }] },
      { type: 'tabs', tabs: [{ label: 'One', blocks: [skipped] }] },
      { type: 'accordion', items: [{ heading: 'Q', blocks: [skipped] }, { heading: 'R', html: '<p>A</p>' }] },
      { type: 'modal', triggerLabel: 'Open', title: 'T', blocks: [skipped] },
    ]);
  });
});
