// The -H headers of `ipctl api`: `Name: value`, never a credential.
import { isCredentialHeader, isHeaderName } from '../destinations/fields.js';

/** Set by ipctl or by the connection itself; a -H could only break the request. */
const reserved = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

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
  if (reserved.has(name.toLowerCase())) return { problem: `-H ${name}: is set by ipctl` };
  if (/[\r\n\u0000]/.test(value)) return { problem: `-H ${name}: the value must not hold line breaks` };
  return { name: name.toLowerCase(), value };
}
