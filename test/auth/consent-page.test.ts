import { describe, expect, it } from 'vitest';
import { renderConsentPage } from '../../src/auth/consent-page.js';

const RLO = '\u202e';
const page = (clientName: string) =>
  renderConsentPage({ lang: 'en', company: 'Miarka', clientName, redirectUri: 'https://app.example/callback', consentToken: 't', formAction: 'https://miarka.example/oauth/authorize/' }).html;

describe('the consent page and a self-asserted client name', () => {
  it.each([
    ['a right-to-left override', `Evil${RLO}ppA`],
    ['an isolate that is never closed', 'Evil\u2067ppA'],
    ['an embedding and a mark', 'Evil\u202b\u200fppA'],
  ])('shows the name without %s, so it cannot turn the rest of the heading around', (_what, name) => {
    const html = page(name);
    expect(html).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(html).toContain('<bdi>EvilppA</bdi>');
    expect(html).toContain('<title>Allow EvilppA to read Miarka&#39;s website?</title>');
  });

  it('keeps a right-to-left name readable, isolated from the heading around it', () => {
    expect(page('تطبيق')).toContain('<strong><bdi>تطبيق</bdi></strong>');
  });
});
