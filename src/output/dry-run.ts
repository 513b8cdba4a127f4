import type { PreparedRequest } from '../api/client.js';
import type { Outcome } from './view.js';

/**
 * What --dry-run prints: the request that would be sent, every secret redacted
 * (Secret values serialise as `****abcd`). As JSON: {method, url, headers, body}.
 */
export function dryRunOutcome(prepared: PreparedRequest): Outcome {
  const headers = Object.fromEntries(Object.entries(prepared.headers).map(([name, value]) => [name, String(value)]));
  const body = prepared.data === undefined ? undefined : (JSON.parse(JSON.stringify(prepared.data)) as unknown);
  const lines = [`${prepared.method} ${prepared.url.href}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  if (body !== undefined) lines.push('', JSON.stringify(body, null, 2));
  return {
    data: { method: prepared.method, url: prepared.url.href, headers, body },
    view: { kind: 'text', text: lines.join('\n') },
    notes: ['Dry run: nothing was sent.'],
  };
}
