import { searchPageSize } from '../../config/defaults.js';
import type { Settings } from '../../config/resolve.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../errors.js';
import { isDocumentFormat } from '../../output/format.js';
import { listFormats } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { filterShape, parseWhere, supportedOperators, type FieldFilter } from '../../search/filters.js';
import { mappedHeader, resultsTable, searchResults } from '../../search/view.js';
import { argument, defineCommand, flag } from '../../command-model/command.js';
import { filterOperators, identifier, outputFlags } from '../../command-model/common-flags.js';
import { projectFlag } from '../../command-model/project-flag.js';
import { requireProject } from '../../projects/project-ref.js';
import { formatCount } from '../../output/count.js';

/** Free text for a body or query value: not empty, no control characters (a "/" is fine). */
const requiredText = (required: string) =>
  z
    .string({ error: `is required: ${required}` })
    .check(
      z.trim(),
      z.minLength(1, 'must not be empty'),
      z.maxLength(200, 'is too long (200 characters at most)'),
      z.regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters'),
    );

const whereHelp = 'for example --where Email=ada@example.com; search is meant for narrow queries';

const where = z.pipe(
  z.array(z.string(), { error: `is required: at least one filter, ${whereHelp}` }).check(z.minLength(1, `is required: at least one filter, ${whereHelp}`)),
  z.transform((items: string[], context) => {
    const filters: FieldFilter[] = [];
    for (const item of items) {
      const parsed = parseWhere(item);
      if ('filter' in parsed) filters.push(parsed.filter);
      else context.issues.push({ code: 'custom', message: parsed.problem, input: item });
    }
    return filters;
  }),
);

const fields = z.pipe(
  z.optional(z.string()),
  z.transform((text: string | undefined, context) => {
    if (text === undefined) return undefined;
    const names = [...new Set(text.split(',').map((name) => name.trim()).filter((name) => name !== ''))];
    if (names.length === 0) context.issues.push({ code: 'custom', message: 'give one or more field names separated by commas, such as --fields Name,Email', input: text });
    return names;
  }),
);

const spec = defineCommand({
  // OBJECT is checked with the flags, so that every missing piece is reported at once.
  args: { object: argument('[object]', 'the object to search, as the manifest names it under read (such as Contact)', requiredText('the object to search, such as Contact')) },
  flags: {
    integration: flag('--integration <id>', 'integration ID (required)', z.pipe(z.string({ error: 'is required: the integration ID, such as int_salesforce_sync' }), identifier)),
    groupRef: flag('--group-ref <ref>', 'groupRef of the user group whose installation is searched (required)', requiredText('the groupRef of the user group whose installation is searched')),
    ...projectFlag,
    where: flag('--where <filter>', `${filterShape}; repeat to narrow (all must match); FIELD is a mapped or provider field name`, where, { repeatable: true, values: filterOperators }),
    fields: flag('--fields <names>', 'columns to show after the ID, comma-separated: mapped or record field names (a.b reaches into objects)', fields),
    raw: flag('--raw', "show the provider's native record instead of its fields", z.optional(z.boolean())),
    ...outputFlags(listFormats),
  },
  // Documents (json, yaml, ndjson, --query) print results as received; --query or jq reshapes them.
  check(input) {
    const format = input.json === true ? '--json' : isDocumentFormat(input.output) ? `-o ${input.output}` : input.query !== undefined ? '--query' : undefined;
    if (format === undefined) return [];
    const shaping = (['fields', 'raw'] as const).filter((key) => input[key] !== undefined && input[key] !== false);
    return shaping.map((key) => `--${key}: shapes the table only; ${format} prints the results as received (pick fields with --query)`);
  },
  help: {
    usage: 'OBJECT --integration ID --group-ref REF --where FIELD=VALUE... [options]',
    description: [
      "Search the records of one object in a customer's SaaS instance, through the installation of an integration for one user group (--group-ref). Needs an API key; goes to the search base URL.",
      '',
      `Search returns a single page of results and is meant for narrow, targeted queries: there is no paging, so when a page comes back full (${searchPageSize} results or more) there may be more matches; add --where filters rather than look for a next page.`,
      '',
      `Each --where is a test for equality: FIELD=VALUE, or "FIELD eq VALUE" (${supportedOperators.join(', ')} is the only operator). FIELD is a mapped field name, fixed by the manifest or chosen at installation, or the provider's own field name; names and values are case-sensitive. All filters must match.`,
      '',
      `The table shows the record ID, the mapped fields (headed "${mappedHeader('name')}"), then the record's fields; --fields picks columns and --raw shows the provider's native record. -o json prints the response as received; -o ndjson prints one result a line.`,
    ].join('\n'),
    examples: [
      'ipctl search Contact --integration int_salesforce_sync --group-ref acme-corp --project proj_demo --where email=ada.okafor0@northwindlogistics.example.com',
      'ipctl search Account --integration int_salesforce_sync --group-ref acme-corp --where city=Berlin --where Industry=Technology --fields companyName,Industry,Phone',
      "ipctl search contacts --project proj_marketing --integration int_hubspot_sync --group-ref umbrella --where 'stage eq customer' -o ndjson",
      'ipctl search contacts --project proj_marketing --integration int_hubspot_sync --group-ref hooli --where lastname=Haddad --raw --fields properties.email,createdAt',
    ],
    environment: [
      'IPCTL_PROJECT      default project ID or name (a name is looked up: search takes the ID)',
      'IPCTL_API_KEY      API key (sent as x-api-key)',
      'IPCTL_SEARCH_URL   search API base URL, such as https://search.example.com/v1 (like --search-url)',
    ],
    exitCodes: [
      '0 success, including no results',
      '1 the search was refused (HTTP 400: an object that is not searchable, an unknown field)',
      '2 invalid input (such as an operator other than eq), nothing sent',
      '3 unknown project, integration or groupRef',
      '4 missing or rejected API key',
      '5 temporary failure (network, timeout, 408, 429, 5xx)',
    ],
  },
  async run(input, context) {
    const settings = await context.settings({ project: input.project });
    const project = requireProject(settings);
    const api = await context.api(settings);
    const { operations } = await import('../../api/operations.js');
    const projectId = await projectIdOf(api, project).catch((error: unknown) => {
      throw withProjectNameHint(error, settings);
    });
    const response = await api
      .call(operations.searchRecords, {
        path: { projectId, integrationId: input.integration },
        query: { groupRef: input.groupRef },
        body: { objectName: input.object, fieldFilters: input.where },
      })
      .catch((error: unknown) => {
        throw withProjectNameHint(error, settings);
      });
    const results = searchResults(response);
    const { view, missing } = resultsTable(results, { fields: input.fields, raw: input.raw === true });
    for (const name of missing) context.say(`Warning: no result has a field named "${name}" (from --fields).`);
    // A full page is said on stderr, terminal or not: a script must be able to tell a cut answer from a whole one.
    const full = results.length >= searchPageSize ? [fullPageNotice(results.length, isDocumentFormat(context.format))] : [];
    const empty = results.length === 0 ? [`No ${input.object} records match in the installation for ${input.groupRef}.`] : [];
    return { data: response, view, items: results, messages: full, notes: empty };
  },
});

export default spec;

/**
 * Search takes the project's ID, where every other command takes its ID or
 * its name: a setting that does not look like an ID is looked up, once a run.
 */
async function projectIdOf(api: ApiClient, project: string): Promise<string> {
  if (looksLikeId(project)) return project;
  const { operations } = await import('../../api/operations.js');
  return (await api.call(operations.getProject, { path: { projectIdOrName: project } })).id;
}

/** A 404 from search may be for its project: the hint names where the project IDs are listed. */
function withProjectNameHint(error: unknown, settings: Settings): unknown {
  const project = settings.project;
  if (!(error instanceof ApiError) || error.status !== 404 || !project.value) return error;
  error.notes.push(
    `If the project "${project.value}" (from ${project.origin ?? project.source}) is not right, \`ipctl projects list\` lists the projects and their IDs; give one with --project ID|NAME or IPCTL_PROJECT.`,
  );
  return error;
}

/** Prefixed IDs (proj_4f2a…), UUIDs and long hex or digit strings; a name is anything else. */
function looksLikeId(value: string): boolean {
  return /^[a-z]+_[A-Za-z0-9]+$/.test(value) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) || /^[0-9a-f]{16,}$/i.test(value) || /^\d+$/.test(value);
}

/** Said on stderr: as a sentence, or for -o json, yaml and ndjson as one JSON line that a script can parse. */
function fullPageNotice(count: number, asDocument: boolean): string {
  const title = `This page is full (${formatCount(count)} results). Search returns a single page and is meant for narrow queries, so more records may match; add --where filters to narrow it.`;
  return asDocument ? JSON.stringify({ type: 'urn:ipctl:notice:page-full', title, results: count, moreMayExist: true }) : title;
}
