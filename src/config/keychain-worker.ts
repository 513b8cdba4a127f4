// Runs in a child process of ipctl: reads the keychain operations as JSON on
// stdin, does them in order, and writes one answer per operation as JSON on
// stdout. A keychain call can block its thread for good (a D-Bus that accepts
// and never answers), and only a process can be ended from outside: ipctl
// kills this one when it takes too long. Secrets travel only through the pipes.
import type { KeychainAnswer, KeychainRequest } from './keychain.js';

async function answer(request: KeychainRequest): Promise<KeychainAnswer[]> {
  let keyring: typeof import('@napi-rs/keyring');
  try {
    keyring = await import('@napi-rs/keyring');
  } catch (error) {
    return request.operations.map(() => ({ error: unloadable(error) }));
  }
  const answers: KeychainAnswer[] = [];
  for (const operation of request.operations) {
    try {
      // On Linux only the Secret Service keeps a credential across reboots; the kernel keyring does not.
      const entry = new keyring.AsyncEntry(request.service, operation.account, { linux: { store: 'secret-service' } });
      if (operation.op === 'set') {
        await entry.setPassword(operation.value);
        answers.push({});
      } else if (operation.op === 'get') {
        answers.push({ value: (await entry.getPassword()) ?? undefined });
      } else {
        answers.push({ deleted: await entry.deleteCredential() });
      }
    } catch (error) {
      answers.push(failure(error));
    }
  }
  return answers;
}

function unloadable(error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return 'the keychain module is not installed beside ipctl';
  // Its binary comes in a package for each platform; npm installs the one for this machine, if there is one.
  if (/native binding/i.test(String(error))) return `the keychain module has no binary for ${process.platform}-${process.arch} here`;
  return `the keychain module could not be loaded (${firstLine(error)})`;
}

/** The library's known errors, in plain words; its own text goes along as the detail, for --debug. */
const plainReasons: [RegExp, string][] = [
  // libdbus's way of saying that there is no session bus to talk to.
  [/DBUS_SESSION_BUS_ADDRESS|autolaunch/, 'no D-Bus session'],
  // The Secret Service found no unlocked collection to use (gnome-keyring with no keyring unlocked, or none made yet).
  [/no result found/i, 'the keyring is locked, or has no default collection'],
  [/locked/i, 'the keyring is locked'],
  [/prompt/i, 'the keyring asked to be unlocked, and there is nowhere to ask'],
  [/org\.freedesktop\.secrets|ServiceUnknown|was not provided by any/i, 'no Secret Service (such as gnome-keyring) is running on the D-Bus session'],
];

function failure(error: unknown): KeychainAnswer {
  const text = error instanceof Error ? error.message : String(error);
  const detail = firstLine(error);
  const plain = plainReasons.find(([pattern]) => pattern.test(text))?.[1];
  return plain === undefined ? { error: detail } : { error: plain, detail };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

readStdin()
  .then((text) => answer(JSON.parse(text) as KeychainRequest))
  .then((answers) => process.stdout.write(JSON.stringify(answers)));
