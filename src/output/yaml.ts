import { stringify } from 'yaml';

/** YAML for -o yaml (the yaml package), loaded only when asked for. */
export function toYaml(data: unknown): string {
  return stringify(data);
}
