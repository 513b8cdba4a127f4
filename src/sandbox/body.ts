// Reading JSON request bodies defensively: a size limit, a Content-Type check
// and parse errors reported as problems that never quote the body (bodies of
// these operations carry API keys and destination secrets).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { badRequest, payloadTooLarge, problemType, unsupportedMediaType } from './problems.js';

const BODY_LIMIT_BYTES = 1024 * 1024;
/** Deeper bodies are refused: no operation needs them, and recursive handling of one would overflow the stack. */
const MAX_BODY_DEPTH = 64;

/**
 * Bodies up to this size are read and discarded before answering 413, so a
 * client still uploading gets the response instead of a reset connection.
 * Beyond it the sandbox answers at once and closes the connection.
 */
const DRAIN_LIMIT_BYTES = 16 * BODY_LIMIT_BYTES;

/** The parsed JSON object, or undefined when the request has no body. */
export async function readJsonBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  if (!declaresBody(req.headers)) return undefined;
  assertJsonContentType(req.headers['content-type']);
  const bytes = await readLimited(req, limit);
  if (bytes.length === 0) return undefined;
  const value = parseJson(bytes);
  if (depthOf(value) > MAX_BODY_DEPTH) {
    throw badRequest(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, [
      bodyIssue('too-deep', 'Body nested too deeply', `Objects and arrays may be nested ${MAX_BODY_DEPTH} levels deep at most.`),
    ]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object.', [
      bodyIssue('invalid-body', 'Body is not an object', `Expected a JSON object, got ${describeJsonType(value)}.`),
    ]);
  }
  return value;
}

/** The nesting depth of a parsed JSON value, measured without recursion; stops counting past the limit. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function assertJsonContentType(contentType: string | undefined): void {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const isJson = mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length);
  const isUtf8 = charset === undefined || ['utf-8', 'utf8', '"utf-8"'].includes(charset);
  if (!isJson || !isUtf8) throw unsupportedMediaType(contentType);
}

function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > DRAIN_LIMIT_BYTES) return Promise.reject(payloadTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: unknown): void => {
      if (!settled) reject(error);
      settled = true;
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) fail(payloadTooLarge(limit));
      else if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > limit) fail(payloadTooLarge(limit));
      else if (!settled) {
        settled = true;
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', fail);
  });
}

function parseJson(bytes: Buffer): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The request body is not valid UTF-8.', [
      bodyIssue('invalid-encoding', 'Invalid UTF-8', 'The request body contains bytes that are not valid UTF-8.'),
    ]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest('The request body is not valid JSON.', [
      bodyIssue('invalid-json', 'Invalid JSON', describeSyntaxError(error)),
    ]);
  }
}

/**
 * V8's messages may quote a slice of the input, which could be a secret, so
 * only the position is kept.
 */
function describeSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input/i.test(message)) return 'The JSON text ends before the value is complete.';
  const position = /at position (\d+)/.exec(message)?.[1];
  return position !== undefined
    ? `The JSON text has a syntax error at character ${position}.`
    : 'The JSON text has a syntax error.';
}

/** `value` is null on purpose: echoing a body could echo the secrets in it. */
function bodyIssue(kind: string, title: string, detail: string) {
  return { type: problemType(kind), title, detail, in: 'body' as const, name: '', value: null };
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
