import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { load as parse } from 'js-yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src/web/problem.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';

let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer(['--public-base-url', 'https://miarka.example']);
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

describe('the OpenAPI document', () => {
  it('matches the published contract snapshot', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    await expect(`${JSON.stringify(body, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });

  it('is OpenAPI 3.1 with info.version 1.0.0 and this server as its server', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.info.version).toBe('1.0.0');
    expect(body.servers).toEqual([{ url: 'https://miarka.example', description: 'This server' }]);
  });

  it('is the same document in YAML', async () => {
    const json = await rest.api.get('/api/v1/openapi.json');
    const yaml = await rest.api.get('/api/v1/openapi.yaml');
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parse(yaml.text)).toEqual(json.body);
  });

  it('describes every endpoint of the contract', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    expect(Object.keys(body.paths).sort()).toEqual(
      ['/api/v1', '/api/v1/health', '/api/v1/search', '/api/v1/pages', '/api/v1/page', '/api/v1/services', '/api/v1/contact', '/api/v1/identity', '/api/v1/batch', '/api/v1/openapi.json', '/api/v1/openapi.yaml', '/api/v1/docs'].sort(),
    );
  });

  it('documents the query parameters with the contract\'s bounds', async () => {
    const { body } = await rest.api.get('/api/v1/openapi.json');
    const parameter = (route: string, name: string) => body.paths[route].get.parameters.find((candidate: { name: string }) => candidate.name === name);
    expect(parameter('/api/v1/search', 'q')).toMatchObject({ required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } });
    expect(parameter('/api/v1/search', 'limit')).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, maximum: 25, default: 8 } });
    expect(parameter('/api/v1/pages', 'limit')).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } });
    expect(parameter('/api/v1/pages', 'cursor')).toMatchObject({ required: false, schema: { type: 'string', maxLength: 64 } });
    expect(parameter('/api/v1/page', 'url')).toMatchObject({ required: true, schema: { type: 'string', minLength: 1, maxLength: 500 } });
    expect(parameter('/api/v1/services', 'lang')).toMatchObject({ required: false, schema: { enum: ['pl', 'en'], default: 'pl' } });
  });

  it('is lint-clean under redocly lint (recommended rules)', async () => {
    const { text } = await rest.api.get('/api/v1/openapi.yaml');
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.yaml');
      writeFileSync(file, text);
      // The command @redocly/cli declares (its `bin`, linked by npm), not a path inside the package.
      const cli = path.join(REPO_ROOT, 'node_modules', '.bin', 'redocly');
      const result = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format', 'stylish', '--config', path.join(REPO_ROOT, 'redocly.yaml')], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      }).catch((error: { stdout: string; stderr: string }) => error);
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).toMatch(/Woohoo! Your API description is valid/);
      expect(output).not.toMatch(/You have \d+ warnings?/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails the response check for an answer that breaks the document (the checker can fail)', () => {
    const answer = { status: 200, headers: new Headers({ 'access-control-allow-origin': '*', 'content-type': 'application/json' }), text: '{"ok":"yes"}', body: { ok: 'yes' } };
    expect(() => rest.api.check('GET', '/api/v1/health', answer)).toThrow(/header RateLimit-Policy is required|does not match/);
    const undocumented = { ...answer, status: 418 };
    expect(() => rest.api.check('GET', '/api/v1/health', undocumented)).toThrow(/status not documented/);
  });
});

describe('the API guide (/api/v1/docs)', () => {
  it('is one self-contained HTML page: no scripts, no external styles, fonts or images', async () => {
    const { status, text, headers } = await rest.api.get('/api/v1/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).not.toMatch(/<script/i);
    expect(text).not.toMatch(/<link[^>]+rel="stylesheet"/i);
    expect(text).not.toMatch(/(src|@import|url\()\s*=?\s*["']?https?:/i);
  });

  it('has one section per error code, where every Problem type points', async () => {
    const { text } = await rest.api.get('/api/v1/docs');
    for (const code of PROBLEM_CODES) expect(text, code).toContain(`<section class="error" id="${code}">`);
    const { body } = await rest.api.get('/api/v1/search');
    const anchor = new URL(body.type).hash.slice(1);
    expect(text).toContain(`id="${anchor}"`);
    expect(body.type.startsWith('https://miarka.example/api/v1/docs#')).toBe(true);
  });

  it('documents every operation of the OpenAPI document', async () => {
    const { text } = await rest.api.get('/api/v1/docs');
    for (const [route, operations] of Object.entries(rest.api.doc.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const operation of Object.values(operations)) expect(text, route).toContain(`id="op-${operation.operationId}"`);
    }
  });
});
