import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactOptionsText } from '../../src/content/contact-text.js';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { MINI_SITE, SAMPLE_SITE } from '../helpers/paths.js';

/** The words that promise a form to fill in. */
const PROMISES_A_FORM = /formularz|\bform\b/i;

async function structured(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await client.callTool({ name, arguments: args })).structuredContent as Record<string, unknown>;
}

describe('a site whose contact page has no form (the sample site)', () => {
  let server: RunningServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer(SAMPLE_SITE);
    client = await connectHttp(server.url);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it.each([
    ['pl', 'strona kontaktowa https://miarka.example/pl/kontakt/'],
    ['en', 'contact page https://miarka.example/en/contact/'],
  ])('list_services in %s sends people to the contact page, not to a form', async (lang, place) => {
    const { nextStep } = await structured(client, 'list_services', { lang });
    expect(nextStep).toContain(place.replace('https://miarka.example', server.ctx.content.current().urls.publicBaseUrl));
    expect(nextStep).not.toMatch(PROMISES_A_FORM);
  });

  it('get_contact says there is no form and gives the contact page', async () => {
    const contact = await structured(client, 'get_contact', { lang: 'pl' });
    const page = `${server.ctx.content.current().urls.publicBaseUrl}/pl/kontakt/`;
    expect(contact).toMatchObject({ contactForm: page, contactPage: page, hasContactForm: false });
  });

  it('the contact options added to failed answers name the contact page', () => {
    const text = contactOptionsText(server.ctx.content.current().site, server.ctx.content.current().urls, 'pl');
    expect(text).toContain(`contact page ${server.ctx.content.current().urls.publicBaseUrl}/pl/kontakt/`);
    expect(text).not.toMatch(PROMISES_A_FORM);
  });
});

/** The mini site with its site file edited, served over HTTP to an MCP client for the enclosing block. */
function miniSiteWith(edit: (siteFile: string) => string): { server: RunningServer; client: Client } {
  const running = {} as { server: RunningServer; client: Client };
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'scm-contact-'));
    await cp(MINI_SITE, dir, { recursive: true });
    const siteFile = path.join(dir, 'site.yaml');
    await writeFile(siteFile, edit(await readFile(siteFile, 'utf8')));
    running.server = await startTestServer(dir);
    running.client = await connectHttp(running.server.url);
  });
  afterAll(async () => {
    await running.client?.close();
    await running.server?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return running;
}

describe('a site file that names a real contact form', () => {
  const FORM = 'https://www.testowa.example/kontakt/#formularz';
  const site = miniSiteWith((siteFile) => siteFile.replace('    contactForm: /pl/kontakt/\n', `    contactForm: /pl/kontakt/\n    formUrl: "${FORM}"\n`));

  it('list_services points at that form', async () => {
    const { nextStep } = await structured(site.client, 'list_services', { lang: 'pl' });
    expect(nextStep).toContain(`formularz kontaktowy ${FORM}`);
  });

  it('get_contact gives the form as contactForm and the page beside it', async () => {
    expect(await structured(site.client, 'get_contact', { lang: 'pl' })).toMatchObject({
      contactForm: FORM,
      contactPage: `${site.server.ctx.content.current().urls.publicBaseUrl}/pl/kontakt/`,
      hasContactForm: true,
    });
  });
});

describe('a site file that gives no phone number (the site publishes none)', () => {
  const site = miniSiteWith((siteFile) => siteFile.replace(/^ {4}phone: .*\n/gm, ''));

  it('get_contact leaves the phone out and says that the website publishes none', async () => {
    const contact = await structured(site.client, 'get_contact', { lang: 'pl' });
    expect(contact).not.toHaveProperty('phone');
    expect(contact.email).toEqual(expect.any(String));
    expect(contact.note).toMatch(/nie publikuje na tej stronie numeru telefonu\.$/);
  });

  it('says so in English when asked in English', async () => {
    const contact = await structured(site.client, 'get_contact', { lang: 'en' });
    expect(contact.note).toMatch(/publishes no phone number on this website\.$/);
  });

  it('list_services and the contact options of failed answers name only the e-mail and the contact page', async () => {
    const { nextStep } = await structured(site.client, 'list_services', { lang: 'pl' });
    expect(nextStep).toMatch(/^Wycenę przygotowujemy po rozmowie o zakresie: strona kontaktowa \S+, e-mail \S+\.$/);
    const snapshot = site.server.ctx.content.current();
    expect(contactOptionsText(snapshot.site, snapshot.urls, 'pl')).not.toMatch(/phone|undefined/);
  });
});
