// The durable floor under a bulk import: undici alone, with the guarantee ipctl gives. It reads
// and parses the same JSON lines, sends each as the same POST with the same concurrency over one
// Agent, and puts each row's `started` record on the disk (write + fdatasync) before its request
// leaves. Records are group-committed: everything queued while a commit is under way goes out in
// the next single write and one fdatasync, both on the threadpool. Outcome records (created or
// failed) ride along with the next commit, and nothing waits on them. Records have the shape of
// ipctl's (line, status, provider, groupRef, consumerRef, connectionId, projectId, time).
// No checks, no retries, no scrubbing.
// Usage: node bench/floor/durable-bulk.mjs ROWS.jsonl RESULTS BASE_URL PROJECT API_KEY [CONCURRENCY]
// A benchmark row, not part of ipctl.
import { createReadStream, fdatasync, openSync, write } from 'node:fs';
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

/** The records of the next commit, and the promise of its sync. */
let queued = [];
let next = deferred();
let committing = false;

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((done, fail) => {
    resolve = done;
    reject = fail;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Queues a record; resolves once the fdatasync covering it has returned. */
function commit(text) {
  queued.push(text);
  const waiting = next.promise;
  if (!committing) {
    committing = true;
    setImmediate(drain);
  }
  return waiting;
}

async function drain() {
  while (queued.length > 0) {
    const texts = queued;
    const done = next;
    queued = [];
    next = deferred();
    try {
      await writeAll(Buffer.from(texts.join(''), 'utf8'));
      await new Promise((resolve, reject) => fdatasync(results, (error) => (error ? reject(error) : resolve())));
      done.resolve();
    } catch (error) {
      done.reject(error);
      throw error;
    }
  }
  committing = false;
}

async function writeAll(bytes) {
  while (bytes.length > 0) {
    const written = await new Promise((resolve, reject) => write(results, bytes, 0, bytes.length, null, (error, count) => (error ? reject(error) : resolve(count))));
    bytes = bytes.subarray(written);
  }
}

function record(fields) {
  return `${JSON.stringify({ ...fields, time: new Date().toISOString() })}\n`;
}

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
  const who = { provider: row.provider, groupRef: row.groupRef, consumerRef: row.consumerRef };
  const body = JSON.stringify(row);
  await commit(record({ line: at, status: 'started', ...who }));
  const response = await request(url, { method: 'POST', dispatcher, headers, body });
  const answer = await response.body.json();
  const created = response.statusCode === 201 || response.statusCode === 200;
  if (!created) failed += 1;
  void commit(created ? record({ line: at, status: 'created', ...who, connectionId: answer.id, projectId: answer.projectId }) : record({ line: at, status: 'failed', ...who, problem: { status: response.statusCode, title: answer.title } }));
}

await Promise.all(Array.from({ length: Number(concurrency) }, worker));
// The outcome records still queued go out with a last commit.
if (queued.length > 0 || committing) await commit('');
await dispatcher.close();
process.stdout.write(`${JSON.stringify({ rows: line, failed })}\n`);
process.exitCode = failed === 0 ? 0 : 1;
