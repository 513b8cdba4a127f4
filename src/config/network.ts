// Network settings beside the base URLs: how often to retry, and which
// certificate authorities to trust. Flags win over the environment.
import { defaultRetryPolicy, type RetryPolicy, retryLimits } from './retry-policy.js';
import { InterruptedError, UsageError } from '../errors.js';

type Env = Record<string, string | undefined>;

export interface NetworkFlags {
  retries?: string;
  caFile?: string;
}

/** --retries / IPCTL_RETRIES, IPCTL_RETRY_MAX_WAIT and IPCTL_RETRY_BACKOFF, checked. */
export function retryPolicyFrom(flags: NetworkFlags, env: Env): RetryPolicy {
  const [rawRetries, origin] = flags.retries !== undefined ? [flags.retries, '--retries'] : [env.IPCTL_RETRIES, 'IPCTL_RETRIES'];
  return {
    retries: parseNumber(rawRetries, origin, { max: retryLimits.retries, whole: true, example: '2' }) ?? defaultRetryPolicy.retries,
    maxWaitMs: secondsToMs(parseNumber(env.IPCTL_RETRY_MAX_WAIT, 'IPCTL_RETRY_MAX_WAIT', { max: retryLimits.maxWaitSeconds, example: '120' })) ?? defaultRetryPolicy.maxWaitMs,
    backoffMs: secondsToMs(parseNumber(env.IPCTL_RETRY_BACKOFF, 'IPCTL_RETRY_BACKOFF', { max: retryLimits.backoffSeconds, example: '0.5' })) ?? defaultRetryPolicy.backoffMs,
  };
}

function parseNumber(raw: string | undefined, origin: string, rule: { max: number; whole?: boolean; example: string }): number | undefined {
  // An empty variable is as good as unset; an empty flag is a mistake.
  if (raw === undefined || (raw.trim() === '' && !origin.startsWith('--'))) return undefined;
  const value = Number(raw);
  const valid = /^\s*\d+(\.\d+)?\s*$/.test(raw) && Number.isFinite(value) && value <= rule.max && (!rule.whole || Number.isInteger(value));
  if (!valid) {
    const kind = rule.whole ? 'a whole number' : 'a number of seconds';
    const example = origin.startsWith('--') ? `${origin} ${rule.example}` : `${origin}=${rule.example}`;
    throw new UsageError(`${origin} must be ${kind} from 0 to ${rule.max}, not "${shorten(raw)}".`, `For example: ${example}`);
  }
  return value;
}

function secondsToMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The certificate authorities to trust when --ca-file / IPCTL_CA_FILE is given:
 * Node's public roots, those of NODE_EXTRA_CA_CERTS (Node drops them once a list
 * is given), and the file's. Undefined when neither is set: Node's defaults apply.
 */
/** `signal`: Ctrl-C ends a wait on a pipe. */
export async function trustedAuthorities(flags: NetworkFlags, env: Env, signal?: AbortSignal): Promise<string[] | undefined> {
  const [path, origin] = flags.caFile !== undefined ? [flags.caFile, '--ca-file'] : [env.IPCTL_CA_FILE, 'IPCTL_CA_FILE'];
  if (path === undefined || path === '') return undefined;
  const own = await readCertificates(path, origin, signal);
  const { rootCertificates } = await import('node:tls');
  const extra = env.NODE_EXTRA_CA_CERTS ? await readCertificates(env.NODE_EXTRA_CA_CERTS, 'NODE_EXTRA_CA_CERTS').catch(() => []) : [];
  return [...rootCertificates, ...extra, ...own];
}

const pemCertificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

async function readCertificates(path: string, origin: string, signal?: AbortSignal): Promise<string[]> {
  // Read as every file flag is: capped, and a pipe without a writer refused rather than waited on.
  const { maxFileBytes, readAtMost, readFailure } = await import('../input/file.js');
  let data: Buffer;
  try {
    data = await readAtMost(path, maxFileBytes + 1, undefined, signal);
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    throw new UsageError(`${origin}: cannot read ${path} (${readFailure(error)}).`, 'Give the path of the certificate authority\'s PEM file.');
  }
  if (data.length > maxFileBytes) throw new UsageError(`${origin}: ${path} is larger than ${maxFileBytes / 1024 / 1024} MiB; a PEM file of certificate authorities is far smaller.`, 'Give the path of the certificate authority\'s PEM file.');
  const certificates = data.toString('utf8').match(pemCertificate) ?? [];
  if (certificates.length === 0) {
    throw new UsageError(`${origin}: ${path} holds no PEM certificate.`, 'The file must contain "-----BEGIN CERTIFICATE-----" blocks, as `openssl x509 -outform PEM` writes them.');
  }
  return certificates;
}
