import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A throw-away certificate authority and server certificates signed by it,
 * made with the machine's `openssl` (node:crypto cannot sign X.509; .ci/run
 * installs openssl where it is missing). EC keys keep it fast.
 */
export interface TestAuthority {
  /** PEM file of the authority's certificate: what a client is told to trust. */
  caFile: string;
  /** Issues a server certificate for `names` (IP addresses or DNS names); returns the PEM file paths. */
  issue(label: string, names: string[]): { certFile: string; keyFile: string; cert: string; key: string };
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function createTestAuthority(dir: string): TestAuthority {
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    ['req', '-x509', ...ecKey, '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=ipctl test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    dir,
  );
  return {
    caFile: join(dir, 'ca.pem'),
    issue(label, names) {
      const san = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
      writeFileSync(
        join(dir, `${label}.ext`),
        `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${san}\n`,
      );
      openssl(['req', ...ecKey, '-keyout', `${label}-key.pem`, '-out', `${label}.csr`, '-subj', `/CN=${names[0]}`], dir);
      openssl(
        ['x509', '-req', '-in', `${label}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-out', `${label}.pem`, '-days', '2', '-extfile', `${label}.ext`],
        dir,
      );
      const certFile = join(dir, `${label}.pem`);
      const keyFile = join(dir, `${label}-key.pem`);
      return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    },
  };
}
