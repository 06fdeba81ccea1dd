import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderConsentPage } from '../../src/auth/consent-page.js';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { authorizeUrl, pkcePair, registerClient } from '../helpers/oauth.js';

let server: RunningServer;
let base: string;
let clientId: string;
const REDIRECT = 'http://127.0.0.1:8765/callback';

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
  clientId = (await registerClient(base, { redirect_uris: [REDIRECT], client_name: 'Asystent', token_endpoint_auth_method: 'none' })).client_id;
});
afterAll(async () => {
  await server?.close();
});

/** The consent page for this request, as a browser with these headers gets it. */
async function consent(params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const url = authorizeUrl(base, {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...params,
  });
  const response = await fetch(url, { redirect: 'manual', headers });
  expect(response.status).toBe(200);
  const html = parse(await response.text());
  return { lang: html.querySelector('html')!.getAttribute('lang'), heading: html.querySelector('h1')!.textContent, buttons: html.querySelectorAll('button').map((button) => button.textContent) };
}

describe('the consent page speaks the person\'s language', () => {
  it('is in Polish when ui_locales asks for it', async () => {
    const page = await consent({ ui_locales: 'pl' });
    expect(page.lang).toBe('pl');
    expect(page.heading).toContain('Asystent');
    expect(page.heading).toMatch(/^Pozwolić aplikacji/);
    expect(page.buttons).toEqual(['Zezwól', 'Odmów']);
  });

  it('keeps Polish one-letter words with the next word, in the company name too', async () => {
    const page = await consent({ ui_locales: 'pl' });
    expect(page.heading).toMatch(/sp\. z\u00a0o\.o\.\?$/);
  });

  it('takes the first language of ui_locales it has, by its primary subtag', async () => {
    expect((await consent({ ui_locales: 'de-DE en-GB pl' })).lang).toBe('en');
    expect((await consent({ ui_locales: 'fr pl-PL' })).lang).toBe('pl');
  });

  it('prefers ui_locales to the browser\'s Accept-Language', async () => {
    expect((await consent({ ui_locales: 'en' }, { 'accept-language': 'pl-PL,pl;q=0.9' })).lang).toBe('en');
  });

  it('follows Accept-Language without ui_locales', async () => {
    expect((await consent({}, { 'accept-language': 'en-US,en;q=0.9,pl;q=0.5' })).lang).toBe('en');
    expect((await consent({}, { 'accept-language': 'de-DE,pl;q=0.8,en;q=0.5' })).lang).toBe('pl');
  });

  it('falls back to the site\'s default language when neither names one it has', async () => {
    expect(server.ctx.content.current().site.info.defaultLanguage).toBe('pl');
    expect((await consent({ ui_locales: 'de' }, { 'accept-language': 'fr' })).lang).toBe('pl');
    expect((await consent()).lang).toBe('pl');
  });

  it('says the same things in English, with Approve and Deny', async () => {
    const page = await consent({ ui_locales: 'en' });
    expect(page.heading).toMatch(/^Allow Asystent to read/);
    expect(page.buttons).toEqual(['Approve', 'Deny']);
  });
});

describe('the page that ends a request which cannot go back to the application', () => {
  async function errorPage(params: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(authorizeUrl(base, params), { redirect: 'manual', headers });
    expect(response.status).toBe(400);
    const html = parse(await response.text());
    return { lang: html.querySelector('html')!.getAttribute('lang'), heading: html.querySelector('h1')!.textContent, text: html.querySelector('main')!.textContent };
  }

  it('speaks Polish when ui_locales asks for it, with one-letter words kept with the next', async () => {
    const page = await errorPage({ client_id: 'unknown', ui_locales: 'pl' });
    expect(page.lang).toBe('pl');
    expect(page.heading).toBe('Tej prośby o\u00a0autoryzację nie da się dokończyć');
    expect(page.text).toContain('Aplikacja nie jest tu zarejestrowana (nieznany client_id).');
    expect(page.text).toContain('Zamknij tę stronę i\u00a0zacznij od nowa w\u00a0aplikacji.');
  });

  it('follows the browser, and stays in English when it asks for English', async () => {
    const page = await errorPage({ response_type: 'code' }, { 'accept-language': 'en-GB' });
    expect(page).toMatchObject({ lang: 'en', heading: 'This authorization request cannot be completed' });
    expect(page.text).toContain('The authorization request has no client_id.');
  });
});

describe('the redirect URI on the consent page', () => {
  const target = (redirectUri: string) =>
    parse(renderConsentPage({ lang: 'en', company: 'Miarka', clientName: 'App', redirectUri, consentToken: 't', formAction: '/oauth/authorize/' }).html).querySelector('.target')!;

  it('offers line breaks only at the boundaries of the address, after a slash and before ? & = #', () => {
    const shown = target('https://app.example.com/oauth/callback?tenant=acme&mode=full#done');
    expect(shown.innerHTML).toBe('https://<wbr>app.example.com/<wbr>oauth/<wbr>callback<wbr>?tenant<wbr>=acme<wbr>&amp;mode<wbr>=full<wbr>#done');
    expect(shown.textContent).toBe('https://app.example.com/oauth/callback?tenant=acme&mode=full#done');
  });

  it('breaks inside a part of the address only as a last resort (no break-all)', () => {
    const css = renderConsentPage({ lang: 'en', company: 'M', clientName: 'A', redirectUri: 'https://a.example/', consentToken: 't', formAction: '/' }).html;
    expect(css).not.toContain('break-all');
    expect(css).toMatch(/\.target\{[^}]*overflow-wrap:\s*anywhere/);
  });
});
