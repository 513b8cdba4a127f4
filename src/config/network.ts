// Network settings beside the base URLs: how often to retry, and which
// certificate authorities to trust. Flags win over the environment.
import { defaultRetryPolicy, type RetryPolicy, retryLimits } from './retry-policy.js';
import { InterruptedError, UsageError } from '../errors.js';
import { type NumberRule, readNumber, seconds, wholeNumber } from '../schema/numbers.js';
import { defaultTimeoutSeconds } from './defaults.js';

type Env = Record<string, string | undefined>;

export interface NetworkFlags {
  timeout?: string;
  retries?: string;
  caFile?: string;
}

/** Seconds to wait for each answer: --timeout, else IPCTL_TIMEOUT, else the default. At most an hour, so no timer overflows. */
export function timeoutSecondsFrom(flags: NetworkFlags, env: Env): number {
  return numberSetting(flags.timeout, '--timeout', env, 'IPCTL_TIMEOUT', seconds(0.001, 3600, '60')) ?? defaultTimeoutSeconds;
}

/** --retries / IPCTL_RETRIES, IPCTL_RETRY_MAX_WAIT and IPCTL_RETRY_BACKOFF, checked. */
export function retryPolicyFrom(flags: NetworkFlags, env: Env): RetryPolicy {
  return {
    retries: numberSetting(flags.retries, '--retries', env, 'IPCTL_RETRIES', wholeNumber(0, retryLimits.retries, '2')) ?? defaultRetryPolicy.retries,
    maxWaitMs: secondsToMs(numberSetting(undefined, '', env, 'IPCTL_RETRY_MAX_WAIT', seconds(0, retryLimits.maxWaitSeconds, '120'))) ?? defaultRetryPolicy.maxWaitMs,
    backoffMs: secondsToMs(numberSetting(undefined, '', env, 'IPCTL_RETRY_BACKOFF', seconds(0, retryLimits.backoffSeconds, '0.5'))) ?? defaultRetryPolicy.backoffMs,
  };
}

/**
 * A number from its flag, else its environment variable, read as every number
 * is (schema/numbers.ts); undefined when neither is given. An empty variable is
 * as good as unset; an empty flag is a mistake.
 */
export function numberSetting(flagValue: string | undefined, flagName: string, env: Env, variable: string, rule: NumberRule): number | undefined {
  const [raw, origin] = flagValue !== undefined ? [flagValue, flagName] : [env[variable], variable];
  if (raw === undefined || (raw === '' && origin === variable)) return undefined;
  const read = readNumber(raw, rule);
  if ('problem' in read) throw new UsageError(`${origin} ${read.problem}.`);
  return read.value;
}

function secondsToMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
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
  const { maxFileBytes, readAtMost, readFailure } = await import('../file-reads.js');
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
