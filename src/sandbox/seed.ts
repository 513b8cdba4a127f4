// Fresh, deterministic seed data: fixed IDs and fixed timestamps, so tests and
// the demo can assert on exact values. Every call builds new objects.
import { createProviderCatalogue } from './seed-providers.js';
import { hubspotDataset, salesforceDataset } from './seed-records.js';
import type {
  Group,
  Integration,
  Invite,
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
  const integrations = [salesforceIntegration()];
  const created = '2024-01-16T10:00:00Z';
  return {
    id: 'proj_demo',
    name: 'demo',
    orgId: 'org_demo',
    createTime: created,
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
    connections: [],
    groups: groupsOf(integrations),
    consumers: [],
    connectionCredentials: [],
    destinations: demoDestinations(),
    integrations,
    providerData: [
      salesforceDataset({ groupRef: 'acme-corp', orgCode: 'Ac', accounts: 40, contacts: 80, opportunities: 30, leads: 20, since: '2023-09-01T08:00:00Z' }),
      salesforceDataset({ groupRef: 'globex', orgCode: 'Gx', accounts: 25, contacts: 50, opportunities: 20, leads: 12, since: '2023-11-15T08:00:00Z' }),
      salesforceDataset({ groupRef: 'initech', orgCode: 'In', accounts: 15, contacts: 30, opportunities: 10, leads: 8, since: '2024-02-01T08:00:00Z' }),
    ],
  };
}

function seedMarketingProject(): SandboxProject {
  const integrations = [hubspotIntegration()];
  return {
    id: 'proj_marketing',
    name: 'marketing',
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
    connections: [],
    groups: groupsOf(integrations),
    consumers: [],
    connectionCredentials: [],
    destinations: marketingDestinations(),
    integrations,
    providerData: [
      hubspotDataset({ groupRef: 'umbrella', idBase: 51_000, contacts: 40, companies: 15, deals: 10, since: '2024-01-10T09:00:00Z' }),
      hubspotDataset({ groupRef: 'hooli', idBase: 73_000, contacts: 30, companies: 10, deals: 5, since: '2024-02-20T09:00:00Z' }),
    ],
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
    {
      destination: {
        id: 'dest_webhook',
        name: 'crm-events-webhook',
        type: 'webhook',
        metadata: {
          url: 'https://hooks.example.com/ipctl/crm-events',
          headers: { 'X-Source': 'ipctl-sandbox', 'X-Environment': 'demo' },
        },
        createTime: '2024-01-20T09:00:00Z',
        updateTime: '2024-04-02T17:25:00Z',
      },
      secretNames: [],
    },
    {
      destination: {
        id: 'dest_sqs',
        name: 'contacts-queue',
        type: 'sqs',
        metadata: {
          queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/acme-contacts',
          region: 'eu-west-1',
        },
        createTime: '2024-02-03T11:30:00Z',
        updateTime: '2024-02-03T11:30:00Z',
      },
      secretNames: ['awsKeyId', 'awsSecretKey'],
    },
    {
      destination: {
        id: 'dest_snowflake',
        name: 'analytics-warehouse',
        type: 'snowflake',
        metadata: {
          account: 'acme-analytics',
          username: 'IPCTL_LOADER',
          database: 'RAW',
          schemaName: 'SALESFORCE',
          tableName: 'OPPORTUNITIES',
          batchSize: 500,
          maxWaitSecs: 60,
        },
        createTime: '2024-02-10T14:00:00Z',
        updateTime: '2024-05-18T08:45:00Z',
      },
      secretNames: ['privateKey'],
    },
    {
      destination: {
        id: 'dest_s3',
        name: 'raw-archive',
        type: 's3',
        metadata: {
          bucket: 'acme-integration-archive',
          region: 'us-east-1',
          keyTemplate: '{{.projectId}}/{{.objectName}}/{{.date}}/{{.id}}.json',
          storageClass: 'STANDARD_IA',
        },
        createTime: '2024-03-12T16:20:00Z',
        updateTime: '2024-03-12T16:20:00Z',
      },
      secretNames: ['accessKeyId', 'secretAccessKey'],
    },
  ];
}

function marketingDestinations(): StoredDestination[] {
  return [
    {
      destination: {
        id: 'dest_marketing_webhook',
        name: 'marketing-webhook',
        type: 'webhook',
        metadata: { url: 'https://hooks.example.com/ipctl/marketing', headers: { 'X-Source': 'ipctl-sandbox' } },
        createTime: '2024-03-06T09:00:00Z',
        updateTime: '2024-03-06T09:00:00Z',
      },
      secretNames: [],
    },
    {
      destination: {
        id: 'dest_marketing_kinesis',
        name: 'marketing-stream',
        type: 'kinesis',
        metadata: {
          streamName: 'marketing-events',
          region: 'us-west-2',
          partitionKeyTemplate: '{{.groupRef}}',
          batchSize: 100,
          maxWaitSecs: 10,
        },
        createTime: '2024-04-01T12:00:00Z',
        updateTime: '2024-04-01T12:00:00Z',
      },
      secretNames: ['awsKeyId', 'awsSecretKey'],
    },
  ];
}

function salesforceIntegration(): Integration {
  return {
    id: 'int_salesforce_sync',
    projectId: 'proj_demo',
    name: 'salesforce-sync',
    provider: 'salesforce',
    createTime: '2024-01-22T10:00:00Z',
    updateTime: '2024-05-01T10:00:00Z',
    manifest: {
      specVersion: '1.0.0',
      integrations: [
        {
          name: 'salesforce-sync',
          provider: 'salesforce',
          read: {
            objects: [
              // Accounts are always searchable, whatever an installation says (rule 6).
              {
                objectName: 'Account',
                destination: 'dest_webhook',
                enabled: 'always',
                fieldMappings: [
                  { mapToName: 'companyName', mapToDisplayName: 'Company name', fieldName: 'Name' },
                  { mapToName: 'city', mapToDisplayName: 'City', fieldName: 'BillingCity' },
                ],
              },
              {
                objectName: 'Contact',
                destination: 'dest_sqs',
                fieldMappings: [
                  { mapToName: 'fullName', mapToDisplayName: 'Full name', fieldName: 'Name' },
                  { mapToName: 'email', mapToDisplayName: 'Email', prompt: 'Which field holds the contact email?' },
                  { mapToName: 'city', mapToDisplayName: 'City', prompt: 'Which field holds the contact city?' },
                ],
              },
              { objectName: 'Opportunity', destination: 'dest_snowflake' },
            ],
          },
        },
      ],
    },
    installations: [
      {
        id: 'inst_acme_corp',
        integrationId: 'int_salesforce_sync',
        groupRef: 'acme-corp',
        groupName: 'Acme Corporation',
        config: {
          read: {
            objects: {
              Contact: { selectedFieldMappings: { email: 'Email', city: 'MailingCity' } },
              Opportunity: {},
            },
          },
        },
        createTime: '2024-02-01T09:00:00Z',
        updateTime: '2024-04-15T13:00:00Z',
      },
      {
        id: 'inst_globex',
        integrationId: 'int_salesforce_sync',
        groupRef: 'globex',
        groupName: 'Globex Corporation',
        config: {
          read: {
            objects: {
              Contact: { selectedFieldMappings: { email: 'Email', city: 'MailingCountry' } },
              // Opportunities are not searchable for this group (rule 7).
              Opportunity: { disabled: true },
            },
          },
        },
        createTime: '2024-02-20T09:00:00Z',
        updateTime: '2024-02-20T09:00:00Z',
      },
      {
        id: 'inst_initech',
        integrationId: 'int_salesforce_sync',
        groupRef: 'initech',
        groupName: 'Initech',
        config: {
          read: {
            objects: {
              // Ignored for search: the manifest marks Account `enabled: always`.
              Account: { disabled: true },
              Contact: { disabled: true },
            },
          },
        },
        createTime: '2024-03-03T09:00:00Z',
        updateTime: '2024-05-09T11:30:00Z',
      },
    ],
  };
}

function hubspotIntegration(): Integration {
  return {
    id: 'int_hubspot_sync',
    projectId: 'proj_marketing',
    name: 'hubspot-sync',
    provider: 'hubspot',
    createTime: '2024-03-07T10:00:00Z',
    updateTime: '2024-03-07T10:00:00Z',
    manifest: {
      specVersion: '1.0.0',
      integrations: [
        {
          name: 'hubspot-sync',
          provider: 'hubspot',
          read: {
            objects: [
              {
                objectName: 'contacts',
                destination: 'dest_marketing_webhook',
                enabled: 'always',
                fieldMappings: [
                  { mapToName: 'email', mapToDisplayName: 'Email', fieldName: 'email' },
                  { mapToName: 'stage', mapToDisplayName: 'Lifecycle stage', prompt: 'Which field holds the funnel stage?' },
                ],
              },
              { objectName: 'companies', destination: 'dest_marketing_webhook' },
              { objectName: 'deals', destination: 'dest_marketing_kinesis' },
            ],
          },
        },
      ],
    },
    installations: [
      {
        id: 'inst_umbrella',
        integrationId: 'int_hubspot_sync',
        groupRef: 'umbrella',
        groupName: 'Umbrella Corporation',
        config: {
          read: { objects: { contacts: { selectedFieldMappings: { stage: 'lifecyclestage' } }, deals: { disabled: true } } },
        },
        createTime: '2024-03-10T09:00:00Z',
        updateTime: '2024-03-10T09:00:00Z',
      },
      {
        id: 'inst_hooli',
        integrationId: 'int_hubspot_sync',
        groupRef: 'hooli',
        groupName: 'Hooli',
        config: {
          read: { objects: { contacts: { selectedFieldMappings: { stage: 'jobtitle' } }, companies: { disabled: true } } },
        },
        createTime: '2024-04-02T09:00:00Z',
        updateTime: '2024-04-02T09:00:00Z',
      },
    ],
  };
}
