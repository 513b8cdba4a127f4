// Network failures as a person reads them, and classified for the retry rules
// (retry.ts): could the request have reached the server, and can trying again help?
import { displayProxy } from './proxy.js';
import { UserError } from '../errors.js';
import { TransportError } from './retry.js';

/** What a message names of the request that failed (a PreparedRequest has it). */
interface RequestLine {
  method: string;
  url: URL;
}

/** The connection was never made, so the request cannot have reached the server. */
const failedBeforeSending = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  // The proxy would not open the tunnel (dispatcher.ts).
  'IPCTL_PROXY_TUNNEL_CLOSED',
]);

/** Codes whose error message says more than the code. */
const saidByMessage = new Set(['IPCTL_PROXY_TUNNEL_CLOSED']);

/** The connection broke or went quiet after the request may have been sent. */
const lostAfterSending = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'TIMEOUT',
]);

/** What each certificate failure means, for the message. */
const certificateProblems: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server presents a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a certificate authority ipctl does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate is signed by a certificate authority ipctl does not know',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer of the certificate is not known',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer of the certificate is not known',
  CERT_UNTRUSTED: 'the certificate is not trusted',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is not for this host name',
};

const trustHint =
  'If the server uses a private or corporate certificate authority, trust it with --ca-file PATH (or IPCTL_CA_FILE=PATH, or NODE_EXTRA_CA_CERTS=PATH), where PATH is the PEM file of the authority.';

/** A network failure as the user reads it, classified for the retry rules. */
export function describeNetworkFailure(
  error: unknown,
  prepared: RequestLine,
  { code: override, timeoutMs, proxy }: { code: string | undefined; timeoutMs: number; proxy: string | undefined },
): TransportError | UserError {
  const target = `${prepared.method} ${prepared.url.origin}${prepared.url.pathname}`;
  const codes = override ? [override] : errorCodes(error);
  const code = codes.find((candidate) => candidate in certificateProblems || failedBeforeSending.has(candidate) || lostAfterSending.has(candidate)) ?? codes[0];
  const via = proxy ? ` through the proxy ${displayProxy(proxy)}` : '';
  const unreadable = unreadableAnswer(error, code, prepared);
  if (unreadable) return unreadable;
  if (code === 'TIMEOUT' || (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT') && code !== 'UND_ERR_CONNECT_TIMEOUT')) {
    return new TransportError(
      `No answer within ${timeoutMs / 1000} s from ${target}${via}.`,
      'Try again later, or allow longer with --timeout SECONDS (or IPCTL_TIMEOUT).',
      { delivery: 'maybe', transient: true, reason: 'timeout', code: override ? undefined : code },
    );
  }
  if (code && code in certificateProblems) {
    const hint = code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? 'Use the host name the certificate is for in the base URL (ipctl auth status shows it).' : code.startsWith('CERT_') ? 'Check the clock of this machine, and ask the server\'s operator to renew the certificate.' : trustHint;
    return new TransportError(`The TLS certificate of ${prepared.url.origin} could not be verified: ${certificateProblems[code]} (${code}).`, hint, {
      delivery: 'no',
      transient: false,
      reason: code,
      code,
    });
  }
  const proxyStatus = /Proxy response \((\d+)\)/.exec((error as Error | undefined)?.message ?? '')?.[1];
  if (proxyStatus) {
    return new TransportError(
      `The proxy would not connect to ${prepared.url.origin}: it answered HTTP ${proxyStatus}.`,
      'Check HTTPS_PROXY / HTTP_PROXY, and NO_PROXY for hosts that must be reached directly.',
      { delivery: 'no', transient: proxyStatus !== '407' && proxyStatus !== '403', reason: `proxy HTTP ${proxyStatus}`, code },
    );
  }
  const message = innermostMessage(error, code);
  const reason = code && !saidByMessage.has(code) ? code : (message || code || 'unknown error');
  if (code && lostAfterSending.has(code)) {
    return new TransportError(
      `The connection to ${prepared.url.origin} broke before the answer to ${target} was complete (${reason}).`,
      'Try again; if it keeps happening, check your network or proxy settings.',
      { delivery: 'maybe', transient: true, reason, code },
    );
  }
  return new TransportError(
    `Could not reach ${target}${via}: ${reason}.`,
    proxy ? 'Check HTTPS_PROXY / HTTP_PROXY, and NO_PROXY for the hosts to reach directly.' : 'Check the base URL (ipctl auth status) and your network or proxy settings.',
    { delivery: code && failedBeforeSending.has(code) ? 'no' : 'maybe', transient: code !== undefined && failedBeforeSending.has(code), reason, code },
  );
}

/**
 * An answer came, and it could not be read: the server was reached, so this is
 * no network failure (exit 1, not retried).
 */
function unreadableAnswer(error: unknown, code: string | undefined, prepared: RequestLine): UserError | undefined {
  const target = `${prepared.method} ${prepared.url.origin}${prepared.url.pathname}`;
  if (code === 'UND_ERR_HEADERS_OVERFLOW') {
    return new UserError(`The server answered ${target} with headers larger than ipctl reads (${code}).`, undefined, 'Check the base URL; if a proxy or gateway adds large headers, ask its operator.');
  }
  if (code?.startsWith('HPE_') || (error as Error | undefined)?.name === 'HTTPParserError') {
    return new UserError(`The server answered ${target} with something that is not HTTP (${code ?? (error as Error).message}).`, undefined, 'Check the base URL: its host and port must be the API\'s, and its scheme (http or https) the one the server speaks.');
  }
  return undefined;
}

/** The message of the error (or cause) that carries code, else of the error itself. */
function innermostMessage(error: unknown, code: string | undefined): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    if (code !== undefined && (current as { code?: unknown }).code === code) return (current as Error).message;
    current = (current as { cause?: unknown }).cause;
  }
  return (error as Error | undefined)?.message;
}

/** The codes of an error and of its causes, outermost first (undici wraps socket and TLS errors). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}
