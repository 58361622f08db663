import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonClickCategory, listenForButtonClicks } from './button-clicks';

const html = (markup: string) => {
  document.body.innerHTML = markup;
  return document.body;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('button clicks', () => {
  it('uses the analytics key of the nearest keyed element, else the button text', () => {
    html(`
      <a href="/retire" data-analytics-key="start retirement"><span id="inner">Start</span></a>
      <button id="plain"> Download <b>your pack</b> </button>
      <button id="icon" aria-label="Close"><svg></svg></button>
      <input id="submit" type="submit" value="Save">
    `);
    expect(buttonClickCategory(document.getElementById('inner'))).toBe('start retirement');
    expect(buttonClickCategory(document.getElementById('plain'))).toBe('Download your pack');
    expect(buttonClickCategory(document.getElementById('icon'))).toBe('Close');
    expect(buttonClickCategory(document.getElementById('submit'))).toBe('Save');
  });

  it('reports nothing for plain links, text, or controls inside an ignored region', () => {
    html(`
      <a id="link" href="/help">Help</a><p id="text">Words</p>
      <section data-analytics-ignore><button id="consent">Accept analytics cookies</button></section>
    `);
    expect(buttonClickCategory(document.getElementById('link'))).toBeNull();
    expect(buttonClickCategory(document.getElementById('text'))).toBeNull();
    expect(buttonClickCategory(document.getElementById('consent'))).toBeNull();
    expect(buttonClickCategory(null)).toBeNull();
  });

  it('listens once on the document until stopped', () => {
    html('<button id="go">Continue</button>');
    const onClick = vi.fn();
    const stop = listenForButtonClicks(onClick);
    document.getElementById('go')!.click();
    stop();
    document.getElementById('go')!.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledWith('Continue');
  });
});
