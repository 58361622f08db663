// One simulated member talking to the portal over HTTP as the web app does: cookies (CSRF token,
// refresh token), a bearer access token, latencies recorded for every call.
import { DEMO_PASSWORD } from './first-screen';

/** One answered call: what was asked (path without its query) and when, relative to the process start. */
export interface CallTiming {
  method: string;
  path: string;
  sentAt: number;
  ms: number;
}

export interface CallLog {
  calls: CallTiming[];
  errors: string[];
}

export class MemberClient {
  private cookies = new Map<string, string>();
  private accessToken = '';

  constructor(
    private readonly baseUrl: string,
    readonly username: string,
    /** The address the proxy reports as the client's (each member comes from its own). */
    private readonly address: string,
    private readonly log: CallLog,
  ) {}

  /** The access token the member holds now. */
  get bearerToken() {
    return this.accessToken;
  }

  /** Sends a call; a 2xx answer returns the response, anything else is logged and thrown. */
  async call(method: string, path: string, body?: unknown, baseUrl = this.baseUrl): Promise<Response> {
    const headers: Record<string, string> = { 'x-client-address': this.address };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    // A form goes as it is: fetch writes its multipart type and boundary.
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const sent = performance.now();
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      });
    } catch (error) {
      this.log.errors.push(`${method} ${path}: ${(error as Error).message}`);
      throw error;
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    this.log.calls.push({ method, path: path.split('?')[0]!, sentAt: sent, ms: performance.now() - sent });
    if (!response.ok) {
      this.log.errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 120)}`);
      throw new Error(`${method} ${path} answered ${response.status}`);
    }
    return new Response(text || null, { status: response.status, headers: response.headers });
  }

  /** The CSRF cookie first (any answer sets it), then the sign-in. */
  async signIn(baseUrl = this.baseUrl) {
    await this.call('GET', '/health', undefined, baseUrl);
    const response = await this.call(
      'POST',
      '/authentication-api/api/authentication/login',
      { userName: this.username, password: DEMO_PASSWORD },
      baseUrl,
    );
    this.accessToken = ((await response.json()) as { accessToken: string }).accessToken;
  }

  async refresh(baseUrl = this.baseUrl) {
    const response = await this.call(
      'POST',
      '/authentication-api/api/authentication/refresh-token',
      undefined,
      baseUrl,
    );
    this.accessToken = ((await response.json()) as { accessToken: string }).accessToken;
  }

  async json<T>(path: string, baseUrl = this.baseUrl): Promise<T> {
    return (await (await this.call('GET', path, undefined, baseUrl)).json()) as T;
  }
}
