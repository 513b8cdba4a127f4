// The floor under an HTTP command: undici alone, the parts ipctl bundles, doing the same GET
// and printing the body. bench/startup.mjs bundles it as ipctl's build does and runs it
// through launch.cjs, with the same compile cache. A benchmark row, not part of ipctl.
import { EnvHttpProxyAgent, request } from '../../src/api/undici.js';

export async function get(address: string): Promise<void> {
  const dispatcher = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '' });
  const response = await request(new URL(address), { method: 'GET', dispatcher, headers: { accept: 'application/json' } });
  process.stdout.write(`${await response.body.text()}\n`);
  await dispatcher.close();
}
