import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../testing/render';
import { RichText, sanitiseHtml } from './rich-text';

describe('sanitising rich text', () => {
  it('keeps a small safe set of tags and attributes', () => {
    expect(
      sanitiseHtml(
        '<p class="x" style="color:red">One <strong>two</strong> <a href="/a" onclick="evil()">three</a></p>',
      ),
    ).toBe('<p>One <strong>two</strong> <a href="/a">three</a></p>');
    expect(sanitiseHtml('<ul><li>A</li></ul><table><tr><th scope="col">H</th></tr></table>')).toBe(
      '<ul><li>A</li></ul><table><tbody><tr><th scope="col">H</th></tr></tbody></table>',
    );
  });

  it('drops scripts, event handlers, frames, forms, images and javascript: links, and never runs anything', () => {
    const clean = sanitiseHtml(
      '<p>Safe</p><script>window.hacked = 1</script><img src=x onerror="window.hacked = 1"><iframe src="https://evil.example"></iframe><form><input></form><a href="javascript:alert(1)">x</a>',
    );
    expect(clean).toBe('<p>Safe</p><a>x</a>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('marks links to other origins noopener noreferrer, and leaves site links alone', () => {
    expect(sanitiseHtml('<a href="https://www.gov.uk/">Gov</a>')).toBe(
      '<a href="https://www.gov.uk/" rel="noopener noreferrer">Gov</a>',
    );
    expect(sanitiseHtml('<a href="/help" rel="nofollow">Help</a>')).toBe('<a href="/help">Help</a>');
  });

  it('turns an h1 into an h2: the page has its own', () => {
    expect(sanitiseHtml('<h1>Big <em>news</em></h1><h3>Small</h3>')).toBe(
      '<h2>Big <em>news</em></h2><h3>Small</h3>',
    );
  });
});

describe('rich text', () => {
  const renderAt = (html: string) => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <RichText html={html} /> },
        { path: '/help', element: <p>Help page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it('follows links within the site with the router', async () => {
    const router = renderAt('<p><a href="/help?topic=tax#lump-sum">Get help</a></p>');
    fireEvent.click(screen.getByRole('link', { name: 'Get help' }));
    expect(await screen.findByText('Help page')).toBeTruthy();
    expect(router.state.location).toMatchObject({
      pathname: '/help',
      search: '?topic=tax',
      hash: '#lump-sum',
    });
  });

  it('leaves links elsewhere, and modified clicks, to the browser', () => {
    const router = renderAt('<a href="https://www.gov.uk/">Gov</a> <a href="/help">Help</a>');
    const external = fireEvent.click(screen.getByRole('link', { name: 'Gov' }));
    const newTab = fireEvent.click(screen.getByRole('link', { name: 'Help' }), { ctrlKey: true });
    expect(external && newTab).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });
});
