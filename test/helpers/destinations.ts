// What a test of destinations patch reads back from the sandbox: a
// destination's state as the sandbox's control route gives it, and the digest
// of a secret it stores (the sandbox keeps no secret's value).
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Destination } from '../../src/sandbox/types.js';
import type { SandboxFixture } from './sandbox.js';

export interface DestinationState {
  projectId: string;
  destination: Destination;
  secretNames: string[];
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function destinationProbes(fixture: SandboxFixture) {
  return {
    async stateOf(destination: string, project = 'demo'): Promise<DestinationState> {
      const response = await fetch(new URL(`/_sandbox/projects/${project}/destinations/${destination}`, fixture.sandbox.baseUrl));
      expect(response.status).toBe(200);
      return (await response.json()) as DestinationState;
    },
    secretDigest(destination: string, key: string, project = 'proj_demo'): string | undefined {
      const stored = fixture.sandbox.state.projects[project]?.destinations.find((item) => item.destination.id === destination);
      return (stored?.secretDigests as Record<string, string> | undefined)?.[key];
    },
  };
}

/** Every field outside `changed` is as before; updateTime moved on. */
export function expectOnlyChanged(before: DestinationState, after: DestinationState, changed: { name?: boolean; metadata?: string[]; secrets?: string[] }): void {
  const { destination: was } = before;
  const { destination: now } = after;
  expect([now.id, now.type, now.createTime]).toEqual([was.id, was.type, was.createTime]);
  expect(now.name).toBe(changed.name ? now.name : was.name);
  const unchanged = (metadata: object) => Object.fromEntries(Object.entries(metadata).filter(([key]) => !changed.metadata?.includes(key)));
  expect(unchanged(now.metadata)).toEqual(unchanged(was.metadata));
  const untouched = (names: string[]) => names.filter((name) => !changed.secrets?.includes(name));
  expect(untouched(after.secretNames)).toEqual(untouched(before.secretNames));
  expect(now.updateTime).not.toBe(was.updateTime);
}
