import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

/**
 * A REST client for tests that checks every answer against the server's own OpenAPI document:
 * the status must be documented for the operation, required headers present and well-formed,
 * the media type one of those documented, and the body valid against its schema. Every REST
 * test sends its requests through here, so the document is checked by the whole suite.
 */

type Json = Record<string, any>;

export interface RestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body when it is JSON. */
  readonly body: any;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export class RestApi {
  private constructor(
    readonly baseUrl: string,
    readonly doc: Json,
    private readonly ajv: Ajv2020,
  ) {}

  private readonly validators = new Map<string, ValidateFunction>();

  /** Reads the OpenAPI document from the server (that request is checked once the validator exists). */
  static async connect(baseUrl: string, headers: Record<string, string> = {}): Promise<RestApi> {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`, { headers });
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
    return new RestApi(baseUrl, doc, ajv);
  }

  get(path: string, headers: Record<string, string> = {}): Promise<RestResponse> {
    return this.request('GET', path, { headers });
  }

  head(path: string, headers: Record<string, string> = {}): Promise<RestResponse> {
    return this.request('HEAD', path, { headers });
  }

  batch(body: unknown, headers: Record<string, string> = {}): Promise<RestResponse> {
    return this.request('POST', '/api/v1/batch', {
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async request(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Uint8Array } = {}): Promise<RestResponse> {
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: init.headers, body: init.body });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    const body = text !== '' && /json/.test(contentType) ? JSON.parse(text) : undefined;
    const result = { status: response.status, headers: response.headers, text, body };
    this.check(method, path, result);
    return result;
  }

  /** Fails the test when the answer does not match the document. */
  check(method: string, path: string, response: RestResponse): void {
    const where = `${method} ${path} → ${response.status}`;
    const pathname = new URL(path, 'http://x').pathname.replace(/(?<=.)\/$/, '');
    expect(response.headers.get('access-control-allow-origin'), `${where}: CORS`).toBe('*');
    if (method === 'OPTIONS') {
      expect([204, 404], where).toContain(response.status);
      return;
    }
    const operations = this.doc.paths[pathname] as Json | undefined;
    const operation = operations?.[method === 'HEAD' ? 'get' : method.toLowerCase()] as Json | undefined;
    if (!operation) {
      expect(response.status, `${where}: undocumented path or method`).toBe(operations ? 405 : 404);
      if (response.status === 405) expect(response.headers.get('allow'), where).toBeTruthy();
      if (method !== 'HEAD') this.checkProblem(where, response);
      return;
    }
    const documented = operation.responses[String(response.status)] as Json | undefined;
    expect(documented, `${where}: status not documented for this operation`).toBeDefined();
    const spec = this.resolve(documented!);
    for (const [name, declared] of Object.entries((spec.headers ?? {}) as Json)) {
      const headerSpec = this.resolve(declared as Json);
      const value = response.headers.get(name);
      if ((declared as Json).required || headerSpec.required) expect(value, `${where}: header ${name} is required`).not.toBeNull();
      const typed = headerSpec.schema?.type === 'integer' && /^\d+$/.test(value ?? '') ? Number(value) : value;
      if (value !== null && headerSpec.schema) this.validate(headerSpec.schema, typed, `${where}: header ${name}`);
    }
    if (method === 'HEAD' || response.status === 304) {
      expect(response.text, `${where}: no body`).toBe('');
      return;
    }
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = spec.content as Json | undefined;
    expect(content?.[mediaType], `${where}: media type ${mediaType} not documented`).toBeDefined();
    const schema = content![mediaType].schema as Json;
    this.validate(schema, response.body ?? response.text, `${where}: body`);
    if (response.status >= 400 && mediaType === 'application/problem+json') this.checkProblem(where, response);
  }

  private checkProblem(where: string, response: RestResponse): void {
    expect(response.headers.get('content-type'), where).toBe('application/problem+json');
    this.validate({ $ref: '#/components/schemas/Problem' }, response.body, `${where}: problem`);
    expect(response.body.status, where).toBe(response.status);
    expect(response.body.type, where).toBe(`${this.doc.servers[0].url}/api/v1/docs#${response.body.code}`);
  }

  private resolve(node: Json): Json {
    let current = node;
    while (typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((object: Json, key: string) => object[key.replaceAll('~1', '/').replaceAll('~0', '~')], this.doc);
    }
    return current;
  }

  private validate(schema: Json, value: unknown, where: string): void {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema));
      this.validators.set(key, validate);
    }
    if (!validate(value)) expect.fail(`${where} does not match the OpenAPI document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
  }
}

/** Local `#/components/...` references resolved against the document registered as `openapi`. */
function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi#/'));
}

export interface RestServer {
  readonly server: import('../../src/http/serve.js').RunningServer;
  readonly api: RestApi;
  readonly clock: import('./clock.js').FixedClock;
}

/**
 * The real HTTP server with a fixed clock (rate-limit windows move only when a test says so),
 * and a checked client for it.
 */
export async function startRestServer(argv: string[] = [], contentDir?: string): Promise<RestServer> {
  const [{ startTestServer }, { FixedClock }, { MINI_SITE }] = await Promise.all([import('./context.js'), import('./clock.js'), import('./paths.js')]);
  const clock = new FixedClock();
  const server = await startTestServer(contentDir ?? MINI_SITE, argv, { clock });
  const api = await RestApi.connect(server.url);
  return { server, api, clock };
}
