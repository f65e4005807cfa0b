import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A school's identity provider, small, for the tests: a CAS server after the CAS 3.0 protocol document
 * (/cas/login issues a service ticket for a service, /cas/p3/serviceValidate validates it once, for that service
 * only, /cas/logout) and an OAuth provider's user-info endpoint (/oauth/userinfo, bearer token). No npm package
 * speaks CAS as a server; oauth2-mock-server's user-info endpoint checks no token, which is what the tests need.
 */
export interface SsoProvider {
  /** The CAS prefix URL (CAS_PREFIX_URL). */
  casUrl: string;
  /** The user-info endpoint (OAUTH_USERINFO_URL). */
  userInfoUrl: string;
  /** A service ticket for the user at the service, as /cas/login issues after the user signs in there. */
  issueTicket(user: string, service: string): string;
  /** An access token whose user-info answer is the given body. */
  issueAccessToken(userInfo: Record<string, string>): string;
  /** Attributes the CAS server releases with a user (their 学号/工号, say). */
  setAttributes(user: string, attributes: Record<string, string>): void;
  /** How many times a browser came to /cas/logout. */
  logouts(): number;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const casAnswer = (inner: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${inner}\n</cas:serviceResponse>\n`;
const casFailure = (code: string, text: string) => casAnswer(`  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>`);

const loginPage = (service: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>统一身份认证</title></head><body>
<h1>统一身份认证</h1>
<form method="post" action="/cas/login?service=${encodeURIComponent(service)}">
<label>用户名 <input name="username" autocomplete="username"></label>
<button type="submit">登录</button>
</form></body></html>`;

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

export async function startSsoProvider(): Promise<SsoProvider> {
  const tickets = new Map<string, { user: string; service: string }>();
  const accessTokens = new Map<string, Record<string, string>>();
  const attributes = new Map<string, Record<string, string>>();
  let logoutCount = 0;

  const issueTicket = (user: string, service: string) => {
    const ticket = `ST-${randomBytes(12).toString('hex')}`;
    tickets.set(ticket, { user, service });
    return ticket;
  };

  function validate(url: URL): string {
    const ticket = url.searchParams.get('ticket');
    const service = url.searchParams.get('service');
    if (!ticket || !service) return casFailure('INVALID_REQUEST', 'ticket and service are required');
    const issued = tickets.get(ticket);
    // A ticket is spent by any validation attempt, successful or not (protocol section 3.1.1).
    tickets.delete(ticket);
    if (!issued) return casFailure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    if (issued.service !== service) return casFailure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
    const released = Object.entries(attributes.get(issued.user) ?? {})
      .map(([name, value]) => `      <cas:${name}>${escapeXml(value)}</cas:${name}>`)
      .join('\n');
    return casAnswer(`  <cas:authenticationSuccess>\n    <cas:user>${escapeXml(issued.user)}</cas:user>\n    <cas:attributes>\n${released}\n    </cas:attributes>\n  </cas:authenticationSuccess>`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const service = url.searchParams.get('service') ?? '';
    if (url.pathname === '/cas/login' && request.method === 'POST') {
      const username = (await formOf(request)).get('username') ?? '';
      const ticket = issueTicket(username, service);
      response.writeHead(302, { location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` }).end();
    } else if (url.pathname === '/cas/login') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(service));
    } else if (url.pathname === '/cas/p3/serviceValidate') {
      response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(validate(url));
    } else if (url.pathname === '/cas/logout') {
      logoutCount++;
      if (service) response.writeHead(302, { location: service }).end();
      else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>已退出统一身份认证</p>');
    } else if (url.pathname === '/oauth/userinfo') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const info = token ? accessTokens.get(token) : undefined;
      if (info) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info));
      else response.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"', 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
    } else {
      response.writeHead(404).end();
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    casUrl: `${base}/cas`,
    userInfoUrl: `${base}/oauth/userinfo`,
    issueTicket,
    issueAccessToken(userInfo) {
      const token = randomBytes(16).toString('hex');
      accessTokens.set(token, userInfo);
      return token;
    },
    setAttributes: (user, released) => attributes.set(user, released),
    logouts: () => logoutCount,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps its connections alive: they would hold the close up.
        server.closeAllConnections();
      }),
  };
}
