import type { CommandSpec } from '../command-model/command.js';

/**
 * The command tree: every command by the words that name it, its one-line
 * summary (for the command lists), and its declaration's module. The tree is
 * built from this list alone; a command's declaration is imported when
 * commander reaches the command in argv (or when the whole tree is wanted, for
 * completion), so argv is parsed once and only the command that runs is loaded.
 * Adding a command: docs/architecture.md lists what it takes besides one line here.
 */
export interface CommandEntry {
  path: [string] | [string, string];
  summary: string;
  load(): Promise<{ default: CommandSpec }>;
}

/** The commands there are: the groups (the first word of two-word commands) and every command. */
export interface Registry {
  groups: Record<string, string>;
  commands: CommandEntry[];
}

const groups: Record<string, string> = {
  orgs: 'Organizations',
  invites: 'Invites to an organization',
  providers: 'The catalogue of providers',
  projects: 'Projects, which hold connections and destinations',
  destinations: 'Destinations that data is routed to',
  connections: "Connections to customers' accounts at providers",
  profile: 'Profiles: named sets of base URLs, defaults and credentials',
  auth: 'Credentials of the profile in use',
};

const commands: CommandEntry[] = [
  { path: ['orgs', 'get'], summary: 'Show an organization', load: () => import('./orgs/get/index.js') },
  { path: ['invites', 'list'], summary: "List an organization's invites", load: () => import('./invites/list/index.js') },
  { path: ['projects', 'list'], summary: 'List the projects your credential can reach', load: () => import('./projects/list/index.js') },
  { path: ['projects', 'get'], summary: 'Show a project by ID or name', load: () => import('./projects/get/index.js') },
  { path: ['providers', 'list'], summary: 'List the catalogue of providers, filtered by auth type or capability', load: () => import('./providers/list/index.js') },
  { path: ['providers', 'get'], summary: 'Show a provider and what a connection to it needs', load: () => import('./providers/get/index.js') },
  { path: ['destinations', 'list'], summary: "List a project's destinations", load: () => import('./destinations/list/index.js') },
  { path: ['destinations', 'get'], summary: 'Show a destination by name or ID', load: () => import('./destinations/get/index.js') },
  { path: ['destinations', 'patch'], summary: "Change a destination's name, metadata or secrets", load: () => import('./destinations/patch/index.js') },
  { path: ['connections', 'list'], summary: "List a project's connections, filtered by provider, group or consumer", load: () => import('./connections/list/index.js') },
  { path: ['connections', 'get'], summary: 'Show a connection (credentials redacted)', load: () => import('./connections/get/index.js') },
  { path: ['connections', 'generate'], summary: 'Create a connection, importing credentials you hold (flags, JSON or prompts)', load: () => import('./connections/generate/index.js') },
  { path: ['connections', 'remove'], summary: 'Remove connections by ID, or all that a bulk import created (--from-results)', load: () => import('./connections/remove/index.js') },
  { path: ['connections', 'report'], summary: 'Merge the results files of bulk imports (one per CI job) into one summary', load: () => import('./connections/report/index.js') },
  { path: ['profile', 'list'], summary: 'List profiles', load: () => import('./profile/list/index.js') },
  { path: ['profile', 'show'], summary: 'Show a profile (secrets redacted)', load: () => import('./profile/show/index.js') },
  { path: ['profile', 'use'], summary: 'Make a profile the current one', load: () => import('./profile/use/index.js') },
  { path: ['profile', 'add'], summary: 'Add a profile, or change one', load: () => import('./profile/add/index.js') },
  { path: ['profile', 'remove'], summary: 'Remove a profile', load: () => import('./profile/remove/index.js') },
  { path: ['auth', 'login'], summary: 'Enter an API key and/or bearer token at a no-echo prompt', load: () => import('./auth/login/index.js') },
  { path: ['auth', 'logout'], summary: 'Remove the credentials of the profile in use', load: () => import('./auth/logout/index.js') },
  { path: ['auth', 'migrate'], summary: 'Move the credentials kept in the profile file into the OS keychain', load: () => import('./auth/migrate/index.js') },
  { path: ['auth', 'set-key'], summary: 'Store an API key read from stdin', load: () => import('./auth/set-key/index.js') },
  { path: ['auth', 'set-token'], summary: 'Store a bearer token read from stdin', load: () => import('./auth/set-token/index.js') },
  { path: ['auth', 'status'], summary: 'Show the profile, credentials and URLs in use, and where each came from', load: () => import('./auth/status/index.js') },
  { path: ['search'], summary: "Search records in a customer's SaaS instance (one page; for narrow queries)", load: () => import('./search/index.js') },
  { path: ['api'], summary: 'Send any request to the API, with the credentials of the profile', load: () => import('./api/index.js') },
  { path: ['completion'], summary: 'Print the shell completion script for bash, zsh, fish or PowerShell', load: () => import('./completion/index.js') },
  { path: ['sandbox'], summary: 'Run a local emulator of the platform API', load: () => import('./sandbox/index.js') },
  { path: ['version'], summary: 'Show the version, how ipctl was installed, and Node.js and platform details', load: () => import('./version/index.js') },
];

/** ipctl's own commands; a test may run main() with more (a fixture command). */
export const registry: Registry = { groups, commands };
