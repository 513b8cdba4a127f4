import type { CommandSpec } from './command.js';
import api from './api.js';
import authLogin from './auth/login.js';
import authSetKey from './auth/set-key.js';
import authSetToken from './auth/set-token.js';
import authStatus from './auth/status.js';
import completion from './completion.js';
import connectionsGenerate from './connections/generate.js';
import destinationsPatch from './destinations/patch.js';
import invitesList from './invites/list.js';
import orgsGet from './orgs/get.js';
import profileAdd from './profile/add.js';
import profileList from './profile/list.js';
import profileRemove from './profile/remove.js';
import profileShow from './profile/show.js';
import profileUse from './profile/use.js';
import providersGet from './providers/get.js';
import sandbox from './sandbox.js';
import search from './search.js';
import version from './version.js';

/**
 * The command tree: every command's declaration, by the words that name it. A
 * declaration is cheap to load (each command loads what it runs when it runs),
 * so the whole tree is built at once and argv is parsed once.
 */
export interface CommandEntry {
  path: [string] | [string, string];
  spec: CommandSpec;
}

export const groups: Record<string, string> = {
  orgs: 'Organizations',
  invites: 'Invites to an organization',
  providers: 'The catalogue of providers',
  destinations: 'Destinations that data is routed to',
  connections: "Connections to customers' accounts at providers",
  profile: 'Profiles: named sets of base URLs, defaults and credentials',
  auth: 'Credentials of the profile in use',
};

export const commands: CommandEntry[] = [
  { path: ['orgs', 'get'], spec: orgsGet },
  { path: ['invites', 'list'], spec: invitesList },
  { path: ['providers', 'get'], spec: providersGet },
  { path: ['destinations', 'patch'], spec: destinationsPatch },
  { path: ['connections', 'generate'], spec: connectionsGenerate },
  { path: ['profile', 'list'], spec: profileList },
  { path: ['profile', 'show'], spec: profileShow },
  { path: ['profile', 'use'], spec: profileUse },
  { path: ['profile', 'add'], spec: profileAdd },
  { path: ['profile', 'remove'], spec: profileRemove },
  { path: ['auth', 'login'], spec: authLogin },
  { path: ['auth', 'set-key'], spec: authSetKey },
  { path: ['auth', 'set-token'], spec: authSetToken },
  { path: ['auth', 'status'], spec: authStatus },
  { path: ['search'], spec: search },
  { path: ['api'], spec: api },
  { path: ['completion'], spec: completion },
  { path: ['sandbox'], spec: sandbox },
  { path: ['version'], spec: version },
];
