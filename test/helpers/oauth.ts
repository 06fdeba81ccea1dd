import { createHash, randomBytes } from 'node:crypto';

/** What POST /agent/auth/ returns. */
export interface Registration {
  registration_id: string;
  credential: string;
  identity_assertion: string;
  claim_token: string;
  [field: string]: unknown;
}

export async function registerAgent(baseUrl: string, headers: Record<string, string> = {}): Promise<Registration> {
  const response = await postJson(`${baseUrl}/agent/auth/`, { type: 'anonymous' }, headers);
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Registration;
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export function postForm(url: string, fields: Record<string, string> | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });
}

export async function registerClient(baseUrl: string, metadata: Record<string, unknown>): Promise<{ client_id: string; [field: string]: unknown }> {
  const response = await postJson(`${baseUrl}/oauth/register/`, metadata);
  if (response.status !== 201) throw new Error(`client registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { client_id: string };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(baseUrl: string, params: Record<string, string>): string {
  const url = new URL('/oauth/authorize/', baseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** The consent page as a browser would get it: its form's signed request and the cookie set with it. */
export interface ConsentForm {
  readonly status: number;
  readonly html: string;
  readonly consent: string | undefined;
  readonly cookie: string | undefined;
  readonly headers: Headers;
}

export async function openConsent(url: string, cookie?: string): Promise<ConsentForm> {
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, html, consent, cookie: setCookie?.split(';')[0] ?? cookie, headers: response.headers };
}

/** Answers the consent form as the page's own form would (same origin, with its cookie). */
export function answerConsent(baseUrl: string, form: ConsentForm, decision: 'approve' | 'deny', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL('/oauth/authorize/', baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(baseUrl).origin,
      'sec-fetch-site': 'same-origin',
      ...(form.cookie ? { cookie: form.cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams({ consent: form.consent ?? '', decision }).toString(),
  });
}

/** Registers a client, approves on the consent page and returns the code with what the token request needs. */
export async function authorizationCode(
  baseUrl: string,
  options: { redirectUri?: string; state?: string; clientName?: string; resource?: string } = {},
): Promise<{ code: string; clientId: string; verifier: string; redirectUri: string; location: URL }> {
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:8765/callback';
  const client = await registerClient(baseUrl, { redirect_uris: [redirectUri], client_name: options.clientName ?? 'Test client', token_endpoint_auth_method: 'none' });
  const { verifier, challenge } = pkcePair();
  const form = await openConsent(
    authorizeUrl(baseUrl, {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: options.state ?? 'state-1',
      resource: options.resource ?? `${baseUrl}/mcp`,
    }),
  );
  const answer = await answerConsent(baseUrl, form, 'approve');
  if (answer.status !== 303) throw new Error(`consent failed: ${answer.status} ${await answer.text()}`);
  const location = new URL(answer.headers.get('location')!);
  if (!location.searchParams.has('code')) throw new Error(`no code: ${location.href}`);
  return { code: location.searchParams.get('code')!, clientId: client.client_id, verifier, redirectUri, location };
}
