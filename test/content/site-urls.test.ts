import { describe, expect, it } from 'vitest';
import { SiteUrls } from '../../src/content/site-urls.js';

const urls = new SiteUrls('http://localhost:3000', 'https://miarka.example');

describe('SiteUrls', () => {
  it('builds page URLs on the public base URL', () => {
    expect(urls.pageUrl('/pl/uslugi/')).toBe('http://localhost:3000/pl/uslugi/');
  });

  it('builds Markdown addresses by replacing the trailing slash with .md', () => {
    expect(urls.markdownUrl('/pl/uslugi/wdrozenie-ga4/')).toBe('http://localhost:3000/pl/uslugi/wdrozenie-ga4.md');
    expect(urls.markdownUrl('/pl/')).toBe('http://localhost:3000/pl.md');
    expect(urls.markdownUrl('/')).toBe('http://localhost:3000/index.md');
  });

  it.each([
    ['/pl/uslugi/', '/pl/uslugi/'],
    ['/pl/uslugi', '/pl/uslugi/'],
    ['/pl/uslugi.md', '/pl/uslugi/'],
    ['/pl/uslugi/?utm=1#top', '/pl/uslugi/'],
    ['http://localhost:3000/pl/uslugi/', '/pl/uslugi/'],
    ['https://miarka.example/pl/uslugi.md', '/pl/uslugi/'],
    ['https://MIARKA.example/PL/Uslugi/', '/pl/uslugi/'],
    ['  /pl/uslugi/  ', '/pl/uslugi/'],
    ['/pl//uslugi/', '/pl/uslugi/'],
    ['/index.md', '/'],
    ['/pl/index.md', '/pl/'],
    ['/pl/us%C5%82ugi/', '/pl/usługi/'],
  ])('reads %j as the page path %j', (reference, expected) => {
    expect(urls.toPagePath(reference)).toBe(expected);
  });

  it.each([
    ['https://evil.example/pl/uslugi/', 'must point at this site'],
    ['//evil.example/x', 'must be a full URL of this site'],
    ['file:///etc/passwd', 'must point at this site'],
    ['javascript:alert(1)', 'must point at this site'],
    ['uslugi', 'must be a full URL of this site'],
    ['/pl/%E0%A4%A', 'broken percent-encoding'],
    ['/pl/a\u0000b/', 'control characters'],
    ['/pl/uslugi%00/', 'control characters'],
    ['/pl/uslugi%0d%0aX/', 'control characters'],
    ['https://miarka.example/pl/%1B/', 'control characters'],
  ])('refuses %j', (reference, message) => {
    expect(() => urls.toPagePath(reference)).toThrow(expect.objectContaining({ code: 'invalid-argument', field: 'url', message: expect.stringContaining(message) }));
  });

  it('never turns dot segments into a path outside the site tree (they simply match no page)', () => {
    expect(urls.toPagePath('/../../etc/passwd')).toBe('/../../etc/passwd/');
  });
});
