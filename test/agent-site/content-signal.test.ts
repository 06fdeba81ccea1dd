import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';

let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the Content-Signal header', () => {
  it('carries the configured signals on pages, Markdown, llms.txt and pricing.md', async () => {
    server = await startTestServer(undefined, ['--content-signal', 'ai-train=no, search=yes, ai-input=yes']);
    for (const path of ['/pl/uslugi/', '/pl/uslugi.md', '/llms.txt', '/pricing.md']) {
      const response = await fetch(server.url + path);
      expect(response.headers.get('content-signal'), path).toBe('ai-train=no, search=yes, ai-input=yes');
    }
  });

  it('is left out when the option is off', async () => {
    server = await startTestServer(undefined, ['--content-signal', 'off']);
    for (const path of ['/pl/uslugi/', '/pl/uslugi.md', '/llms.txt']) {
      expect((await fetch(server.url + path)).headers.has('content-signal'), path).toBe(false);
    }
  });
});
