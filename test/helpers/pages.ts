import { Page, type PageFields } from '../../src/content/page.js';

/** A page as the loader would build it: a Polish company page unless the fields say otherwise. */
export function testPage(fields: Partial<PageFields> & Pick<PageFields, 'path'>, markdown = `# ${fields.title ?? fields.path}`): Page {
  return new Page(
    {
      lang: 'pl',
      type: 'company',
      title: fields.path,
      description: 'Opis.',
      alternate: undefined,
      published: undefined,
      updated: undefined,
      service: undefined,
      city: undefined,
      event: undefined,
      author: undefined,
      headings: [],
      source: `pages${fields.path}index.md`,
      ...fields,
    },
    markdown,
  );
}
