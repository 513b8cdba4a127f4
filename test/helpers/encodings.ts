// The encodings a server, a proxy or a WAF may echo a credential in, written
// here from their own definitions (HTML and XML character references, URL
// encoding, JSON, JS and PHP string escapes, base64 and HTTP Basic), never from
// src/. README, "What ipctl never prints": every one of these is scrubbed for a
// credential of at least 8 characters.

export interface Encoding {
  name: string;
  encode(value: string): string;
}

const otherThanAlphanumeric = /[^A-Za-z0-9]/gu;
const markup = /[&<>"']/g;
const htmlNamed: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const codePoint = (character: string): number => character.codePointAt(0) as number;

export const encodings: Encoding[] = [
  { name: 'as is', encode: (value) => value },
  { name: 'JSON string', encode: (value) => JSON.stringify(value).slice(1, -1) },
  { name: 'JSON with / escaped (PHP)', encode: (value) => JSON.stringify(value).slice(1, -1).replaceAll('/', '\\/') },
  {
    name: 'JSON with <, >, & and non-ASCII as \\u (Go, Python)',
    encode: (value) => JSON.stringify(value).slice(1, -1).replace(/[<>&\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  },
  { name: 'URL component', encode: (value) => encodeURIComponent(value) },
  { name: 'URL component, lower-case hex', encode: (value) => encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) },
  { name: 'form encoding (+ for a space)', encode: (value) => encodeURIComponent(value).replaceAll('%20', '+') },
  { name: 'HTML named entities', encode: (value) => value.replace(markup, (c) => htmlNamed[c] as string) },
  { name: 'XML named entities (&apos;)', encode: (value) => value.replace(markup, (c) => (c === "'" ? '&apos;' : (htmlNamed[c] as string))) },
  { name: 'HTML decimal references', encode: (value) => value.replace(markup, (c) => `&#${codePoint(c)};`) },
  { name: 'HTML hex references', encode: (value) => value.replace(markup, (c) => `&#x${codePoint(c).toString(16)};`) },
  { name: 'XML hex references, upper case', encode: (value) => value.replace(markup, (c) => `&#x${codePoint(c).toString(16).toUpperCase()};`) },
  { name: 'every character a decimal reference but letters and digits', encode: (value) => value.replace(otherThanAlphanumeric, (c) => `&#${codePoint(c)};`) },
  { name: 'every character a hex reference but letters and digits', encode: (value) => value.replace(otherThanAlphanumeric, (c) => `&#x${codePoint(c).toString(16)};`) },
  { name: 'PHP addslashes', encode: (value) => value.replace(/["'\\]/g, (c) => `\\${c}`) },
  {
    name: 'JS escapes (\\xHH, \\uHHHH)',
    encode: (value) =>
      value.replace(/[^A-Za-z0-9]/g, (c) => (c.charCodeAt(0) < 0x100 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)),
  },
  { name: 'base64', encode: (value) => Buffer.from(value).toString('base64') },
  { name: 'base64url', encode: (value) => Buffer.from(value).toString('base64url') },
  // The password at each of the three offsets a base64 group of three bytes gives it.
  { name: 'HTTP Basic user:pass (offset 0)', encode: (value) => `Basic ${Buffer.from(`ops-user:${value}`).toString('base64')}` },
  { name: 'HTTP Basic user:pass (offset 1)', encode: (value) => `Basic ${Buffer.from(`ops:${value}`).toString('base64')}` },
  { name: 'HTTP Basic user:pass (offset 2)', encode: (value) => `Basic ${Buffer.from(`an.operator@example.co:${value}`).toString('base64')}` },
];

/** Whether a scrubbed text still gives the credential away in this encoding: its encoded form, or (base64) the credential in what the text decodes to. */
export function stillGivesAway(text: string, value: string, encoding: Encoding): boolean {
  if (text.includes(encoding.encode(value))) return true;
  if (!encoding.name.includes('base64') && !encoding.name.includes('Basic')) return false;
  // Any run of base64 characters, read at each of its four offsets, must not hold the credential.
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) {
    for (let offset = 0; offset < 4; offset += 1) {
      const decoded = Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1');
      if (decoded.includes(Buffer.from(value).toString('latin1'))) return true;
    }
  }
  return false;
}
