import { describe, expect, it } from 'vitest';
import { stripTags } from './blocks';

describe('stripTags', () => {
  it('keeps the text of each paragraph and drops every tag', () => {
    expect(stripTags('<p>One <strong>two</strong></p><p><script>x</script>Three</p>')).toEqual(['One two', 'xThree']);
  });
});
