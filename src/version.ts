import packageJson from '../package.json' with { type: 'json' };

export const version: string = packageJson.version;

export function userAgent(): string {
  return `ipctl/${version} node/${process.versions.node}`;
}
