import { XMLParser } from 'fast-xml-parser';
import { SSO_MSG } from '@contract/sso.ts';
import { HttpError, badRequest } from '../../lib/http.ts';

/** Who the provider says the browser's user is: their name there and the attributes it released. */
export interface SsoIdentity {
  user: string;
  attributes: Record<string, string>;
}

/** A provider that does not answer within this is taken as unreachable: the login page must not hang. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The provider could not be asked: 502, with a message the user may read (the error handler shows it as it is). */
const unreachable = () => new HttpError(502, SSO_MSG.unreachable);

async function fetchProvider(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw unreachable();
  }
}

// CAS 3.0 answers (protocol section 2.5.2 and appendix A): the cas: namespace dropped, tag values kept as text
// (a 学号 like 0012 stays 0012), the failure's code attribute read.
const casParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: true });

type XmlNode = string | { '#text'?: string; '@code'?: string; [key: string]: unknown };

const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && '#text' in node) return String((node as { '#text': unknown })['#text']);
  return '';
};

/**
 * Validates a service ticket with the CAS server's /p3/serviceValidate (CAS 3.0), for the service it was issued
 * to. A ticket is good once: the CAS server refuses it the second time (INVALID_TICKET).
 */
export async function validateServiceTicket(casPrefixUrl: string, ticket: string, service: string): Promise<SsoIdentity> {
  const url = new URL(`${casPrefixUrl.replace(/\/$/, '')}/p3/serviceValidate`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  const response = await fetchProvider(url.href, { headers: { accept: 'application/xml, text/xml' } });
  if (!response.ok) throw unreachable();
  let root: Record<string, unknown>;
  try {
    root = casParser.parse(await response.text()) as Record<string, unknown>;
  } catch {
    throw badRequest(SSO_MSG.badAnswer);
  }
  const answer = root.serviceResponse as Record<string, XmlNode> | undefined;
  const failure = answer?.authenticationFailure;
  if (failure !== undefined) {
    const code = typeof failure === 'object' ? failure['@code'] : undefined;
    throw badRequest(code === 'INVALID_SERVICE' ? SSO_MSG.otherService : SSO_MSG.ticketInvalid);
  }
  const success = answer?.authenticationSuccess;
  const user = typeof success === 'object' ? textOf(success.user) : '';
  if (!user || typeof success !== 'object') throw badRequest(SSO_MSG.badAnswer);
  const attributes: Record<string, string> = {};
  const released = success.attributes;
  if (released && typeof released === 'object') {
    // A repeated attribute (several values) is an array: the first value is the one an account is found by.
    for (const [name, value] of Object.entries(released)) attributes[name] = textOf(Array.isArray(value) ? value[0] : value);
  }
  return { user, attributes };
}

/**
 * Asks the OAuth provider's user-info endpoint who holds the access token (bearer). The user is the answer's
 * sub (OpenID Connect's subject), else its username; its other plain fields are the attributes.
 */
export async function fetchOAuthUser(userInfoUrl: string, token: string): Promise<SsoIdentity> {
  const response = await fetchProvider(userInfoUrl, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (response.status === 401 || response.status === 403) throw badRequest(SSO_MSG.tokenInvalid);
  if (!response.ok) throw unreachable();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw badRequest(SSO_MSG.badAnswer);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(SSO_MSG.badAnswer);
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string' || typeof value === 'number') attributes[name] = String(value);
  const user = attributes.sub ?? attributes.username;
  if (!user) throw badRequest(SSO_MSG.badAnswer);
  return { user, attributes };
}
