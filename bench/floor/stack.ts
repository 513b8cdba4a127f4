// The chosen stack alone under an HTTP command: commander parses the same argv, zod/mini
// checks the values, undici (as ipctl bundles it) does the same GET, and the answer is printed
// as pretty JSON. Nothing else of ipctl: no profile, no scrubbing, no answer schema, no view.
// An information row of bench/startup.mjs, which bundles and starts it as it does the floor.
import { Command } from 'commander';
import { EnvHttpProxyAgent, request } from '../../src/api/undici.js';
import * as z from '../../src/schema/zod.js';

export async function get(address: string): Promise<void> {
  const program = new Command('ipctl').exitOverride();
  let name = '';
  program
    .command('providers')
    .command('get')
    .argument('<name>')
    .option('-o, --output <format>')
    .action((given: string, options: { output?: string }) => {
      const input = z.object({ name: z.string().check(z.minLength(1)), output: z.optional(z.enum(['json', 'table'])) }).parse({ name: given, ...options });
      name = input.name;
    });
  await program.parseAsync(['providers', 'get', address.split('/').at(-1)!, '-o', 'json'], { from: 'user' });
  const dispatcher = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '' });
  const response = await request(new URL(name, address), { method: 'GET', dispatcher, headers: { accept: 'application/json' } });
  process.stdout.write(`${JSON.stringify(await response.body.json(), null, 2)}\n`);
  await dispatcher.close();
}
