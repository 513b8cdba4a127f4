import type { Duplex } from 'node:stream';
import { newRequestId } from './handler.js';
import { PROBLEM_CONTENT_TYPE, ProblemError, toProblemDetails } from './problems.js';

/** How long a refused connection may go on sending before it is cut off. */
const DRAIN_MS = 2000;

/**
 * What the sandbox answers when Node cannot parse a request at all: a request
 * line or headers over Node's limit get 431, anything else that is not HTTP
 * gets 400, both as problem details, on every Node version. Node's own answer
 * destroys the socket at once; a client still sending its long request line
 * then sees the connection reset instead of the answer (as on Node 24). So the
 * answer is written, the socket is half-closed, and whatever the client still
 * sends is read and dropped until it closes, or for two seconds at most.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const problem = error.code === 'HPE_HEADER_OVERFLOW' ? headersTooLarge() : notHttp();
  const requestId = newRequestId();
  const body = JSON.stringify(toProblemDetails(problem.problem, { requestId, time: new Date() }));
  const { status, title } = problem.problem;
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.on('error', () => socket.destroy());
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}

function headersTooLarge(): ProblemError {
  return new ProblemError({
    status: 431,
    kind: 'headers-too-large',
    title: 'Request Header Fields Too Large',
    detail: 'The request line or headers are longer than the sandbox accepts.',
    retryable: false,
    remedy: 'Send a shorter path, query or headers.',
  });
}

function notHttp(): ProblemError {
  return new ProblemError({
    status: 400,
    kind: 'malformed-request',
    title: 'Bad Request',
    detail: 'The request is not valid HTTP/1.1.',
    retryable: false,
  });
}
