// The floor under a bulk import: undici alone sending the same rows. It reads the
// same JSON lines, sends each as the same POST (same headers, same body) with the
// same concurrency over one Agent, and appends one JSON line per answer to a
// results file with a direct write. No checks, no retries, no scrubbing.
// Usage: node bench/floor/bulk.mjs ROWS.jsonl RESULTS BASE_URL PROJECT API_KEY [CONCURRENCY]
// A benchmark row, not part of ipctl.
import { createReadStream, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';

const [rowsPath, resultsPath, baseUrl, project, apiKey, concurrency = '8'] = process.argv.slice(2);
const url = new URL(`${baseUrl.replace(/\/+$/, '')}/projects/${encodeURIComponent(project)}/connections:generate`);
const dispatcher = new Agent({ connections: Number(concurrency) });
const headers = { accept: 'application/json, application/problem+json', 'content-type': 'application/json', 'x-api-key': apiKey, 'user-agent': 'ipctl-bench-floor' };
const results = openSync(resultsPath, 'a', 0o600);
const lines = createInterface({ input: createReadStream(rowsPath) })[Symbol.asyncIterator]();
let line = 0;
let failed = 0;

async function worker() {
  for (;;) {
    const next = await lines.next();
    if (next.done) return;
    line += 1;
    await send(line, next.value);
  }
}

async function send(at, text) {
  const row = JSON.parse(text);
  const body = JSON.stringify(row);
  const response = await request(url, { method: 'POST', dispatcher, headers, body });
  const answer = await response.body.json();
  if (response.statusCode !== 201 && response.statusCode !== 200) failed += 1;
  writeSync(results, `${JSON.stringify({ line: at, status: response.statusCode, connectionId: answer.id })}\n`);
}

await Promise.all(Array.from({ length: Number(concurrency) }, worker));
await dispatcher.close();
process.stdout.write(`${JSON.stringify({ rows: line, failed })}\n`);
process.exitCode = failed === 0 ? 0 : 1;
