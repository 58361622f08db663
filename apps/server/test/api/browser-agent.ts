import type { FastifyInstance, InjectOptions } from 'fastify';

/** Talks to the app like a browser: keeps cookies and echoes the XSRF token on state-changing calls. */
export class BrowserAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly host = 'localhost',
  ) {}

  async request(options: InjectOptions & { url: string }) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.rawRequest({ method: 'GET', url: '/health' });
    return this.rawRequest(options);
  }

  async rawRequest(options: InjectOptions & { url: string }, { sendXsrf = true } = {}) {
    const headers: Record<string, string> = {
      host: this.host,
      ...(options.headers as Record<string, string>),
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (sendXsrf && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    const response = await this.app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      const expired = cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  signIn(userName: string, password = 'MeridianDemo!2026') {
    return this.request({
      method: 'POST',
      url: '/authentication-api/api/authentication/login',
      payload: { userName, password },
    });
  }
}
