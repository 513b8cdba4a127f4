// Credential checks per section 5 of the spec. Problems name the header that
// was expected and how to configure ipctl, but never repeat what was presented.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ProblemError } from './problems.js';

/** Which credential an operation accepts. */
export type CredentialRequirement = 'none' | 'bearer' | 'apiKey' | 'apiKeyOrBearer';

/** Which credential a request was accepted with. */
export type Principal = 'anonymous' | 'apiKey' | 'bearer';

export interface SandboxCredentials {
  apiKey: string;
  token: string;
}

const REALM = 'ipctl-sandbox';
const API_KEY_HEADER = 'x-api-key';
const SET_KEY_REMEDY = 'Set the sandbox API key for ipctl with `ipctl auth set-key` (the sandbox prints its key when it starts).';
const SET_TOKEN_REMEDY = 'Set the sandbox bearer token for ipctl with `ipctl auth set-token` (the sandbox prints its token when it starts).';

/** `sk_sandbox_` followed by 32 base64url characters (24 random bytes). */
export function generateApiKey(): string {
  return `sk_sandbox_${randomBytes(24).toString('base64url')}`;
}

/**
 * A JWT-shaped token. The sandbox compares tokens as opaque strings, so the
 * signature is random rather than computed; the shape is what clients see.
 */
export function generateToken(orgId: string, now: Date = new Date()): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = encode({ alg: 'HS256', typ: 'JWT' });
  const payload = encode({
    iss: 'https://sandbox.ipctl.dev',
    sub: 'user_sandbox',
    org: orgId,
    iat: issuedAt,
    exp: issuedAt + 24 * 60 * 60,
  });
  return `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
}

/** Throws a 401 ProblemError unless the request carries an accepted, valid credential. */
export function authenticate(
  headers: IncomingHttpHeaders,
  requirement: CredentialRequirement,
  credentials: SandboxCredentials,
): Principal {
  if (requirement === 'none') return 'anonymous';
  const apiKey = readApiKey(headers);
  const authorization = readHeader(headers, 'authorization');
  if (requirement === 'apiKey') return checkApiKey(apiKey, authorization, credentials);
  if (requirement === 'bearer') return checkBearer(authorization, apiKey, credentials);
  return checkEither(apiKey, authorization, credentials);
}

function checkApiKey(apiKey: string | undefined, authorization: string | undefined, credentials: SandboxCredentials): Principal {
  if (apiKey === undefined) {
    const hint = authorization !== undefined ? ' An Authorization header was sent, but this operation accepts only an API key.' : '';
    throw unauthorized(`This operation requires an API key in the X-Api-Key header.${hint}`, SET_KEY_REMEDY, apiKeyChallenge());
  }
  if (!sameSecret(apiKey, credentials.apiKey)) throw invalidApiKey();
  return 'apiKey';
}

function checkBearer(authorization: string | undefined, apiKey: string | undefined, credentials: SandboxCredentials): Principal {
  if (authorization === undefined) {
    const hint = apiKey !== undefined ? ' An X-Api-Key header was sent, but this operation accepts only a bearer token.' : '';
    throw unauthorized(
      `This operation requires a bearer token in the Authorization header (Authorization: Bearer <token>).${hint}`,
      SET_TOKEN_REMEDY,
      bearerChallenge(),
    );
  }
  const token = parseBearer(authorization);
  if (token === undefined) {
    throw unauthorized('The Authorization header must use the Bearer scheme (Authorization: Bearer <token>).', SET_TOKEN_REMEDY, bearerChallenge());
  }
  if (!sameSecret(token, credentials.token)) throw invalidToken();
  return 'bearer';
}

/** For operations that accept either: any valid credential presented is enough. */
function checkEither(apiKey: string | undefined, authorization: string | undefined, credentials: SandboxCredentials): Principal {
  const token = authorization === undefined ? undefined : parseBearer(authorization);
  if (apiKey !== undefined && sameSecret(apiKey, credentials.apiKey)) return 'apiKey';
  if (token !== undefined && sameSecret(token, credentials.token)) return 'bearer';
  if (apiKey !== undefined) throw invalidApiKey();
  if (token !== undefined) throw invalidToken();
  const challenge = `${apiKeyChallenge()}, ${bearerChallenge()}`;
  throw unauthorized(
    'This operation requires an API key in the X-Api-Key header or a bearer token in the Authorization header.',
    `${SET_KEY_REMEDY} Or: ${SET_TOKEN_REMEDY}`,
    challenge,
  );
}

function invalidApiKey(): ProblemError {
  return unauthorized('The API key is not valid', SET_KEY_REMEDY, apiKeyChallenge('invalid_key'));
}

function invalidToken(): ProblemError {
  return unauthorized('The bearer token is not valid', SET_TOKEN_REMEDY, bearerChallenge('invalid_token'));
}

function unauthorized(detail: string, remedy: string, challenge: string): ProblemError {
  return new ProblemError({
    status: 401,
    kind: 'unauthorized',
    title: 'Unauthorized',
    detail,
    remedy,
    retryable: false,
    headers: { 'WWW-Authenticate': challenge },
  });
}

function bearerChallenge(error?: string): string {
  return error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`;
}

function apiKeyChallenge(error?: string): string {
  return error ? `ApiKey realm="${REALM}", header="X-Api-Key", error="${error}"` : `ApiKey realm="${REALM}", header="X-Api-Key"`;
}

/** Node lower-cases header names, which makes the lookup case-insensitive. */
function readHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

function readApiKey(headers: IncomingHttpHeaders): string | undefined {
  return readHeader(headers, API_KEY_HEADER);
}

function parseBearer(authorization: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1];
}

/** Constant-time comparison; hashing first makes the lengths equal. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
