// The -H headers of `ipctl api`: `Name: value`, never a credential, never one
// that belongs to the connection.
import { isCredentialHeader, isHeaderName } from '../destinations/fields.js';

/**
 * Set by ipctl (Host, Content-Length) or by the connection itself: the
 * hop-by-hop headers (RFC 9110, 7.6.1) and Expect, which would change how
 * the request is carried. A -H could only break or smuggle the request.
 */
const reserved = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'expect']);

/**
 * What a value cannot hold: control characters (but tab) and DEL, C1
 * controls, and anything beyond Latin-1, which a header cannot carry as text.
 */
const unsendable = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u0100-\uffff]/;

/** One -H: its name (lower-case) and value, or the problem with it. Never quotes the value. */
export function parseHeader(text: string): { name: string; value: string } | { problem: string } {
  const colon = text.indexOf(':');
  if (colon < 0) return { problem: `-H "${text.split('=')[0]}": expected 'Name: value', such as -H 'Accept-Language: de'` };
  const name = text.slice(0, colon).trim();
  const value = text.slice(colon + 1).trim();
  if (!isHeaderName(name)) return { problem: `-H: "${name}" is not a valid header name` };
  if (isCredentialHeader(name)) {
    return {
      problem: `-H ${name}: a credential header on the command line would be kept in shell history and the process list; ipctl sends the profile's credential itself (choose it with --auth). The value is not shown here`,
    };
  }
  if (reserved.has(name.toLowerCase())) return { problem: `-H ${name}: is set by ipctl or by the connection, never by -H` };
  if (unsendable.test(value)) return { problem: `-H ${name}: the value must not hold line breaks, control characters or characters beyond Latin-1; percent-encode them, or send them in the body` };
  return { name: name.toLowerCase(), value };
}
