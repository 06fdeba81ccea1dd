import { describe, expect, it } from 'vitest';
import { onThisSite } from '../../src/scan/checks/ai/agent-catalog.js';
import { siteOfHost } from '../../src/scan/site-domain.js';

describe('the site a host belongs to (Public Suffix List)', () => {
  it('is the registrable domain: www and other subdomains are the same site', () => {
    expect(siteOfHost('www.firma.com.pl')).toBe('firma.com.pl');
    expect(siteOfHost('mcp.firma.com.pl')).toBe('firma.com.pl');
  });

  it('tells apart two sites under one Polish regional suffix', () => {
    expect(siteOfHost('sklep.waw.pl')).not.toBe(siteOfHost('inny.waw.pl'));
  });

  it('tells apart two sites under one hosting provider’s suffix', () => {
    expect(siteOfHost('acme.github.io')).not.toBe(siteOfHost('evil.github.io'));
  });

  it('is the host itself for an address or a name with no registrable domain', () => {
    expect(siteOfHost('127.0.0.1')).toBe('127.0.0.1');
    expect(siteOfHost('localhost')).toBe('localhost');
  });
});

describe('a server card listed on this site', () => {
  const site = new URL('https://www.acme.example/');

  it('may sit on another host of the same domain', () => {
    expect(onThisSite(new URL('https://mcp.acme.example/mcp/server-card'), site)).toBe(true);
  });

  it('may not sit on the public suffix above it, nor on another site under that suffix', () => {
    expect(onThisSite(new URL('https://sklep.waw.pl/x'), new URL('https://inny.waw.pl/'))).toBe(false);
    expect(onThisSite(new URL('https://co.uk/x'), new URL('https://acme.co.uk/'))).toBe(false);
  });
});
