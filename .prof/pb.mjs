const body = '{"id":"conn_3w6f07oi5jlasb5d3zwy","projectId":"proj_demo","provider":"pipedrive","group":{"groupRef":"customer-1","groupName":"Customer 1","projectId":"proj_demo","createTime":"2026-11-28T04:23:36.598Z","updateTime":"2026-11-28T04:23:36.598Z"},"consumer":{"consumerRef":"user-1","consumerName":"user-1","projectId":"proj_demo","createTime":"2026-11-28T04:23:36.598Z","updateTime":"2026-11-28T04:23:36.598Z"},"createTime":"2026-11-28T04:23:36.598Z","updateTime":"2026-11-28T04:23:36.598Z","authScheme":"apiKey","status":"created","providerWorkspaceRef":"acme1","apiKey":"pk_bench_00000001_xxxxxxxxxxxxxxxxxxxxxxxx","providerMetadata":{"workspace":{"value":"acme1","source":"input","displayName":"Company domain"}}}';
const z = await import('/work/b42/node_modules/zod/index.js');
const { hash } = await import('node:crypto');
const schema = z.object({ id: z.optional(z.string()), projectId: z.optional(z.string()) });
function openingBrackets(text, limit) { let count = 0; for (const bracket of ['[', '{']) { for (let at = text.indexOf(bracket); at !== -1 && count <= limit; at = text.indexOf(bracket, at + 1)) count += 1; } return count; }
function time(name, fn, n = 200000) { for (let i = 0; i < 20000; i++) fn(i); const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(i); console.log(name.padEnd(20), (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(3), 'µs'); }
let sink;
time('JSON.parse', () => { sink = JSON.parse(body); });
time('openingBrackets', () => { sink = openingBrackets(body, 512); });
const v = JSON.parse(body);
time('zod safeParse', () => { sink = schema.safeParse(v); });
time('sha256 one-shot', (i) => { sink = hash('sha256', JSON.stringify(['customer-' + i, 'user-' + i, 'pipedrive']), 'buffer'); });
time('JSON.stringify key', (i) => { sink = JSON.stringify(['customer-' + i, 'user-' + i, 'pipedrive']); });
