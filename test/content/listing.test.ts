/**
 * Listing pages (archives, tag pages, blog and case-study indexes): a front-matter flag, or found
 * from a page whose entries are links to other pages of the site.
 */
import { mkdtemp, mkdir, rm, writeFile, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectListing } from '../../src/content/listing.js';
import { loadSite } from '../../src/content/load-site.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const ARCHIVE = `# Tag: GA4

## [Common GA4 mistakes](/en/blog/common-ga4-mistakes/)

The ten mistakes we find most often.

## [GA4 referrals from AI assistants](/en/blog/ai-referrals/)

A custom channel group.

## [Is server-side tagging worth it?](/en/blog/sst/)

What it gives you.

[Older posts](/en/tag/ga4/page/2/)
`;

const LIST = `# Blog

- [Common GA4 mistakes](/en/blog/common-ga4-mistakes/): the ten mistakes.
- [Consent Mode v2 guide](/en/blog/consent-mode/#basics): step by step.
- [What is llms.txt](/en/blog/llms-txt): the file.
`;

const ARTICLE = `# Common GA4 mistakes

GA4 is easy to set up and easy to get wrong. See [our GA4 service](/en/services/ga4/) and the [audit](/en/services/gtm-audit/).

## 1. Data retention left at two months

Change it to fourteen months; [our checklist](/en/blog/checklist/) lists the rest.

## 2. Internal traffic

Filter it.

## 3. Cross-domain tracking

[The guide](/en/blog/cross-domain/) explains it.
`;

describe('a listing page', () => {
  it('is found when its sections open with links to other pages of the site', () => {
    expect(detectListing(ARCHIVE, '/en/tag/ga4/')).toEqual({ listing: true, listed: ['/en/blog/common-ga4-mistakes/', '/en/blog/ai-referrals/', '/en/blog/sst/', '/en/tag/ga4/page/2/'] });
  });

  it('is found when most of its blocks are list items opening with such links, their paths without fragment and with the final slash', () => {
    expect(detectListing(LIST, '/en/blog/').listed).toEqual(['/en/blog/common-ga4-mistakes/', '/en/blog/consent-mode/', '/en/blog/llms-txt/']);
  });

  it('is not an article that links to other pages along the way', () => {
    expect(detectListing(ARTICLE, '/en/blog/common-ga4-mistakes/')).toEqual({ listing: false, listed: [] });
  });

  it('is not a page that links to fewer than three pages', () => {
    expect(detectListing('# Links\n\n- [One](/a/)\n- [Two](/b/)\n', '/links/').listing).toBe(false);
  });

  it('ignores links in code and links to other sites', () => {
    const text = '# Code\n\n```\n- [One](/a/)\n- [Two](/b/)\n- [Three](/c/)\n```\n\n- [Four](https://example.com/)\n- [Five](//example.com/)\n';
    expect(detectListing(text, '/code/').listing).toBe(false);
  });

  it('is what the front matter says when it says so', () => {
    expect(detectListing(ARTICLE, '/en/blog/common-ga4-mistakes/', true).listing).toBe(true);
    expect(detectListing(ARCHIVE, '/en/tag/ga4/', false)).toEqual({ listing: false, listed: [] });
  });
});

describe('the listing flag in front matter', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function siteWith(frontMatter: string): Promise<string> {
    dir = await mkdtemp(path.join(tmpdir(), 'listing-'));
    await cp(SAMPLE_SITE, dir, { recursive: true });
    await mkdir(path.join(dir, 'pages', 'en', 'tag'), { recursive: true });
    await writeFile(path.join(dir, 'pages', 'en', 'tag', 'ga4.md'), `---\ntitle: GA4\ndescription: Posts about GA4.\ntype: blog\nlang: en\npath: /en/tag/ga4/\n${frontMatter}---\n\n# GA4\n\nPosts about GA4.\n`);
    return dir;
  }

  it('makes a page a listing', async () => {
    const { site } = await loadSite(await siteWith('listing: true\n'));
    expect(site.page('/en/tag/ga4/')?.listing).toBe(true);
  });

  it('must be true or false, or the page is skipped with a warning naming the field', async () => {
    const { site, warnings } = await loadSite(await siteWith('listing: sometimes\n'));
    expect(site.page('/en/tag/ga4/')).toBeUndefined();
    expect(warnings.map((warning) => `${warning.field}: ${warning.message}`)).toContainEqual(expect.stringMatching(/^listing: must be true or false/));
  });

  it('is found on the sample site: its blog and case-study indexes and its services index', async () => {
    const { site } = await loadSite(SAMPLE_SITE);
    expect(site.pages.filter((page) => page.listing).map((page) => page.path).sort()).toEqual(['/en/blog/', '/en/case-studies/', '/en/services/', '/pl/blog/', '/pl/realizacje/', '/pl/uslugi/']);
  });
});
