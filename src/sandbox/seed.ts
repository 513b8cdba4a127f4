// Fresh, deterministic seed data: fixed IDs and fixed timestamps, so tests and
// the demo can assert on exact values. Every call builds new objects.
import { createProviderCatalogue } from './seed-providers.js';
import { hubspotDataset, salesforceDataset } from './seed-records.js';
import type {
  DestinationMetadata,
  DestinationSecretKey,
  Group,
  Installation,
  InstallationObjectConfig,
  Integration,
  Invite,
  ManifestFieldMapping,
  ManifestReadObject,
  Org,
  Provider,
  SandboxProject,
  StoredDestination,
} from './types.js';

/** IDs and names that tests, the demo and the CLI's `sandbox` command refer to. */
export const SEED = {
  orgId: 'org_demo',
  emptyOrgId: 'org_empty',
  projectId: 'proj_demo',
  projectName: 'demo',
  secondProjectId: 'proj_marketing',
  secondProjectName: 'marketing',
  integrationId: 'int_salesforce_sync',
  secondIntegrationId: 'int_hubspot_sync',
} as const;

export interface SeedData {
  orgs: Record<string, Org>;
  invites: Invite[];
  /** Keyed by project ID; look projects up by ID or name with `findProject`. */
  projects: Record<string, SandboxProject>;
  /** Keyed by provider name. */
  providers: Record<string, Provider>;
}

export function createSeedData(): SeedData {
  return {
    orgs: seedOrgs(),
    invites: seedInvites(),
    projects: { [SEED.projectId]: seedDemoProject(), [SEED.secondProjectId]: seedMarketingProject() },
    providers: createProviderCatalogue(),
  };
}

function seedOrgs(): Record<string, Org> {
  return {
    org_demo: {
      id: 'org_demo',
      label: 'Acme Demo',
      defaultTeamId: 'team_demo_everyone',
      createTime: '2024-01-15T09:30:00Z',
      updateTime: '2024-06-02T14:05:12Z',
    },
    org_empty: {
      id: 'org_empty',
      label: 'Empty Org',
      defaultTeamId: 'team_empty_everyone',
      createTime: '2024-05-20T08:00:00Z',
      updateTime: '2024-05-20T08:00:00Z',
    },
  };
}

function seedInvites(): Invite[] {
  const invite = (id: string, email: string, status: Invite['status'], createTime: string, updateTime?: string): Invite => ({
    id,
    invitedEmail: email,
    parentType: 'org',
    parentId: 'org_demo',
    status,
    createTime,
    ...(updateTime ? { updateTime } : {}),
  });
  return [
    invite('inv_demo_accepted', 'li.wei@example.com', 'accepted', '2024-02-01T10:00:00Z', '2024-02-01T16:42:31Z'),
    invite('inv_demo_revoked', 'sam.jones@example.com', 'revoked', '2024-02-14T11:20:00Z', '2024-02-15T09:03:44Z'),
    invite('inv_demo_expired', 'old.contractor@example.com', 'expired', '2024-03-01T08:15:00Z', '2024-03-08T08:15:00Z'),
    invite('inv_demo_pending_1', 'ana.silva@example.com', 'pending', '2024-06-03T13:45:10Z'),
    invite('inv_demo_pending_2', 'raj.patel@example.com', 'pending', '2024-06-04T07:05:55Z', '2024-06-05T07:05:55Z'),
  ];
}

function seedDemoProject(): SandboxProject {
  return project({
    id: 'proj_demo',
    name: 'demo',
    appName: 'Acme Sync',
    orgId: 'org_demo',
    createTime: '2024-01-16T10:00:00Z',
    updateTime: '2024-06-01T12:00:00Z',
    providerApps: [
      {
        id: 'app_demo_salesforce',
        projectId: 'proj_demo',
        provider: 'salesforce',
        clientId: '3MVG9sandboxDemoClientId.salesforce.connected.app',
        externalRef: 'acme-demo-connected-app',
        scopes: [['api', 'refresh_token'], ['openid']],
        metadata: {
          authQueryParams: { prompt: ['login', 'consent'] },
          providerParams: { apiVersion: 'v60.0', loginDomain: 'login.salesforce.com' },
        },
        createTime: '2024-01-16T10:05:00Z',
        updateTime: '2024-03-11T09:30:00Z',
      },
    ],
    destinations: demoDestinations(),
    integrations: [salesforceIntegration()],
    providerData: [
      salesforceDataset({ groupRef: 'acme-corp', orgCode: 'Ac', accounts: 40, contacts: 80, opportunities: 30, leads: 20, since: '2023-09-01T08:00:00Z' }),
      salesforceDataset({ groupRef: 'globex', orgCode: 'Gx', accounts: 25, contacts: 50, opportunities: 20, leads: 12, since: '2023-11-15T08:00:00Z' }),
      salesforceDataset({ groupRef: 'initech', orgCode: 'In', accounts: 15, contacts: 30, opportunities: 10, leads: 8, since: '2024-02-01T08:00:00Z' }),
    ],
  });
}

function seedMarketingProject(): SandboxProject {
  return project({
    id: 'proj_marketing',
    name: 'marketing',
    appName: 'Acme Campaigns',
    orgId: 'org_demo',
    createTime: '2024-03-05T15:00:00Z',
    updateTime: '2024-05-28T10:15:00Z',
    providerApps: [
      {
        id: 'app_marketing_hubspot',
        projectId: 'proj_marketing',
        provider: 'hubspot',
        clientId: '5f0c2b1e-7d3a-4c8e-9a61-sandbox0hubspot',
        externalRef: 'acme-marketing-hubspot-app',
        scopes: [['crm.objects.contacts.read', 'crm.objects.companies.read', 'crm.objects.deals.read']],
        metadata: {
          authQueryParams: { optional_scope: ['crm.objects.contacts.write'] },
          providerParams: {},
        },
        createTime: '2024-03-05T15:10:00Z',
        updateTime: '2024-03-05T15:10:00Z',
      },
    ],
    destinations: marketingDestinations(),
    integrations: [hubspotIntegration()],
    providerData: [
      hubspotDataset({ groupRef: 'umbrella', idBase: 51_000, contacts: 40, companies: 15, deals: 10, since: '2024-01-10T09:00:00Z' }),
      hubspotDataset({ groupRef: 'hooli', idBase: 73_000, contacts: 30, companies: 10, deals: 5, since: '2024-02-20T09:00:00Z' }),
    ],
  });
}

type ProjectSeed = Omit<SandboxProject, 'connections' | 'groups' | 'consumers' | 'connectionCredentials'>;

/** A project as seeded: nothing generated in it yet, and the groups of its installations. */
function project(seed: ProjectSeed): SandboxProject {
  const { destinations, integrations, providerData, ...head } = seed;
  return {
    ...head,
    connections: [],
    groups: groupsOf(integrations),
    consumers: [],
    connectionCredentials: [],
    destinations,
    integrations,
    providerData,
  };
}

/** The user groups that installed the project's integrations: connections:generate upserts into these. */
function groupsOf(integrations: Integration[]): Group[] {
  const groups = new Map<string, Group>();
  for (const integration of integrations) {
    for (const installation of integration.installations) {
      if (groups.has(installation.groupRef)) continue;
      groups.set(installation.groupRef, {
        groupRef: installation.groupRef,
        groupName: installation.groupName,
        projectId: integration.projectId,
        createTime: installation.createTime,
        updateTime: installation.createTime,
      });
    }
  }
  return [...groups.values()];
}

function demoDestinations(): StoredDestination[] {
  return [
    destination({ id: 'dest_webhook', name: 'crm-events-webhook', type: 'webhook', created: '2024-01-20T09:00:00Z', updated: '2024-04-02T17:25:00Z' }, {
      url: 'https://hooks.example.com/ipctl/crm-events',
      headers: { 'X-Source': 'ipctl-sandbox', 'X-Environment': 'demo' },
    }),
    destination({ id: 'dest_sqs', name: 'contacts-queue', type: 'sqs', created: '2024-02-03T11:30:00Z', secrets: ['awsKeyId', 'awsSecretKey'] }, {
      queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/acme-contacts',
      region: 'eu-west-1',
    }),
    destination({ id: 'dest_snowflake', name: 'analytics-warehouse', type: 'snowflake', created: '2024-02-10T14:00:00Z', updated: '2024-05-18T08:45:00Z', secrets: ['privateKey'] }, {
      account: 'acme-analytics',
      username: 'IPCTL_LOADER',
      database: 'RAW',
      schemaName: 'SALESFORCE',
      tableName: 'OPPORTUNITIES',
      batchSize: 500,
      maxWaitSecs: 60,
    }),
    destination({ id: 'dest_s3', name: 'raw-archive', type: 's3', created: '2024-03-12T16:20:00Z', secrets: ['accessKeyId', 'secretAccessKey'] }, {
      bucket: 'acme-integration-archive',
      region: 'us-east-1',
      keyTemplate: '{{.projectId}}/{{.objectName}}/{{.date}}/{{.id}}.json',
      storageClass: 'STANDARD_IA',
    }),
  ];
}

function marketingDestinations(): StoredDestination[] {
  return [
    destination({ id: 'dest_marketing_webhook', name: 'marketing-webhook', type: 'webhook', created: '2024-03-06T09:00:00Z' }, {
      url: 'https://hooks.example.com/ipctl/marketing',
      headers: { 'X-Source': 'ipctl-sandbox' },
    }),
    destination({ id: 'dest_marketing_kinesis', name: 'marketing-stream', type: 'kinesis', created: '2024-04-01T12:00:00Z', secrets: ['awsKeyId', 'awsSecretKey'] }, {
      streamName: 'marketing-events',
      region: 'us-west-2',
      partitionKeyTemplate: '{{.groupRef}}',
      batchSize: 100,
      maxWaitSecs: 10,
    }),
  ];
}

interface DestinationSeed {
  id: string;
  name: string;
  type: string;
  created: string;
  /** Default: never updated since `created`. */
  updated?: string;
  /** The names of the secrets it was created with; their values were never known. */
  secrets?: DestinationSecretKey[];
}

function destination(seed: DestinationSeed, metadata: DestinationMetadata): StoredDestination {
  const { id, name, type, created, updated = created, secrets = [] } = seed;
  return { destination: { id, name, type, metadata, createTime: created, updateTime: updated }, secretNames: secrets };
}

function salesforceIntegration(): Integration {
  return integration({
    id: 'int_salesforce_sync',
    projectId: 'proj_demo',
    name: 'salesforce-sync',
    provider: 'salesforce',
    createTime: '2024-01-22T10:00:00Z',
    updateTime: '2024-05-01T10:00:00Z',
    reads: [
      // Accounts are always searchable, whatever an installation says (rule 6).
      {
        objectName: 'Account',
        destination: 'dest_webhook',
        enabled: 'always',
        fieldMappings: [fixedMapping('companyName', 'Company name', 'Name'), fixedMapping('city', 'City', 'BillingCity')],
      },
      {
        objectName: 'Contact',
        destination: 'dest_sqs',
        fieldMappings: [
          fixedMapping('fullName', 'Full name', 'Name'),
          chosenMapping('email', 'Email', 'Which field holds the contact email?'),
          chosenMapping('city', 'City', 'Which field holds the contact city?'),
        ],
      },
      { objectName: 'Opportunity', destination: 'dest_snowflake' },
    ],
    installations: [
      installation({ id: 'inst_acme_corp', groupRef: 'acme-corp', groupName: 'Acme Corporation', created: '2024-02-01T09:00:00Z', updated: '2024-04-15T13:00:00Z' }, {
        Contact: { selectedFieldMappings: { email: 'Email', city: 'MailingCity' } },
        Opportunity: {},
      }),
      installation({ id: 'inst_globex', groupRef: 'globex', groupName: 'Globex Corporation', created: '2024-02-20T09:00:00Z' }, {
        Contact: { selectedFieldMappings: { email: 'Email', city: 'MailingCountry' } },
        // Opportunities are not searchable for this group (rule 7).
        Opportunity: { disabled: true },
      }),
      installation({ id: 'inst_initech', groupRef: 'initech', groupName: 'Initech', created: '2024-03-03T09:00:00Z', updated: '2024-05-09T11:30:00Z' }, {
        // Ignored for search: the manifest marks Account `enabled: always`.
        Account: { disabled: true },
        Contact: { disabled: true },
      }),
    ],
  });
}

function hubspotIntegration(): Integration {
  return integration({
    id: 'int_hubspot_sync',
    projectId: 'proj_marketing',
    name: 'hubspot-sync',
    provider: 'hubspot',
    createTime: '2024-03-07T10:00:00Z',
    updateTime: '2024-03-07T10:00:00Z',
    reads: [
      {
        objectName: 'contacts',
        destination: 'dest_marketing_webhook',
        enabled: 'always',
        fieldMappings: [fixedMapping('email', 'Email', 'email'), chosenMapping('stage', 'Lifecycle stage', 'Which field holds the funnel stage?')],
      },
      { objectName: 'companies', destination: 'dest_marketing_webhook' },
      { objectName: 'deals', destination: 'dest_marketing_kinesis' },
    ],
    installations: [
      installation({ id: 'inst_umbrella', groupRef: 'umbrella', groupName: 'Umbrella Corporation', created: '2024-03-10T09:00:00Z' }, {
        contacts: { selectedFieldMappings: { stage: 'lifecyclestage' } },
        deals: { disabled: true },
      }),
      installation({ id: 'inst_hooli', groupRef: 'hooli', groupName: 'Hooli', created: '2024-04-02T09:00:00Z' }, {
        contacts: { selectedFieldMappings: { stage: 'jobtitle' } },
        companies: { disabled: true },
      }),
    ],
  });
}

type IntegrationSeed = Omit<Integration, 'manifest' | 'installations'> & {
  /** The objects its manifest reads. */
  reads: ManifestReadObject[];
  installations: Array<(integrationId: string) => Installation>;
};

/** An integration whose manifest holds one integration of the same name and provider. */
function integration(seed: IntegrationSeed): Integration {
  const { reads, installations, ...head } = seed;
  return {
    ...head,
    manifest: { specVersion: '1.0.0', integrations: [{ name: head.name, provider: head.provider, read: { objects: reads } }] },
    installations: installations.map((installationOf) => installationOf(head.id)),
  };
}

/** A field the manifest maps to a fixed provider field. */
function fixedMapping(mapToName: string, mapToDisplayName: string, fieldName: string): ManifestFieldMapping {
  return { mapToName, mapToDisplayName, fieldName };
}

/** A field whose provider field the user chooses at installation, asked with `prompt`. */
function chosenMapping(mapToName: string, mapToDisplayName: string, prompt: string): ManifestFieldMapping {
  return { mapToName, mapToDisplayName, prompt };
}

interface InstallationSeed {
  id: string;
  groupRef: string;
  groupName: string;
  created: string;
  /** Default: never updated since `created`. */
  updated?: string;
}

/** An installation by one group, with its settings per read object; the integration fills in its ID. */
function installation(seed: InstallationSeed, objects: Record<string, InstallationObjectConfig>): (integrationId: string) => Installation {
  const { id, groupRef, groupName, created, updated = created } = seed;
  return (integrationId) => ({ id, integrationId, groupRef, groupName, config: { read: { objects } }, createTime: created, updateTime: updated });
}
