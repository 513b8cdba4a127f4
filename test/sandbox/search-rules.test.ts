import { describe, expect, it } from 'vitest';
import {
  checkSearchable,
  equals,
  fieldMappings,
  nativeFieldNames,
  nativeFields,
  resolveField,
  searchableObjects,
  searchRecords,
} from '../../src/sandbox/search.js';
import { createSeedData } from '../../src/sandbox/seed.js';
import type { Installation, Integration, ManifestIntegration, ProviderDataset } from '../../src/sandbox/types.js';

const seed = createSeedData();
const salesforce = seed.projects.proj_demo!.integrations[0]!;
const hubspot = seed.projects.proj_marketing!.integrations[0]!;

function manifestOf(integration: Integration): ManifestIntegration {
  return integration.manifest.integrations[0]!;
}

function installation(integration: Integration, groupRef: string): Installation {
  const found = integration.installations.find((item) => item.groupRef === groupRef);
  if (!found) throw new Error(`no installation ${groupRef}`);
  return found;
}

function dataset(projectId: string, groupRef: string): ProviderDataset {
  const found = seed.projects[projectId]!.providerData.find((data) => data.groupRef === groupRef);
  if (!found) throw new Error(`no dataset ${groupRef}`);
  return found;
}

/** An installation with the given object config, for cases the seed does not hold. */
function installationWith(objects: Installation['config']['read']['objects']): Installation {
  return { ...installation(salesforce, 'acme-corp'), config: { read: { objects } } };
}

describe('the seeded manifests and installations', () => {
  it('follow the manifest shape of spec 4.6', () => {
    for (const integration of [salesforce, hubspot]) {
      expect(integration.manifest.specVersion).toBe('1.0.0');
      const entry = manifestOf(integration);
      expect(entry).toMatchObject({ name: integration.name, provider: integration.provider });
      expect(entry.read.objects.length).toBeGreaterThan(1);
      expect(entry.read.objects.some((object) => object.enabled === 'always')).toBe(true);
      expect(integration.installations.some((item) => Object.values(item.config.read.objects).some((object) => object.disabled === true))).toBe(true);
    }
  });

  it('hold provider objects that are not under read (Salesforce Lead)', () => {
    expect(dataset('proj_demo', 'acme-corp').objects.Lead?.length).toBeGreaterThan(0);
    expect(manifestOf(salesforce).read.objects.map((object) => object.objectName)).not.toContain('Lead');
  });
});

describe('checkSearchable (rules 5 to 7)', () => {
  const manifest = manifestOf(salesforce);

  it('allows an object under read that the installation does not mention or does not disable (rule 5)', () => {
    expect(checkSearchable(manifest, installation(salesforce, 'acme-corp'), 'Opportunity')).toMatchObject({ searchable: true });
    expect(checkSearchable(manifest, installationWith({}), 'Contact')).toMatchObject({ searchable: true });
    expect(checkSearchable(manifest, installationWith({ Contact: { disabled: false } }), 'Contact')).toMatchObject({ searchable: true });
  });

  it('refuses an object that is not under read, even one the provider has (rule 5)', () => {
    expect(checkSearchable(manifest, installation(salesforce, 'acme-corp'), 'Lead')).toEqual({ searchable: false, reason: 'not-under-read' });
    expect(checkSearchable(manifest, installation(salesforce, 'acme-corp'), 'account')).toEqual({ searchable: false, reason: 'not-under-read' });
  });

  it('lets enabled: always win over an installation that disables the object (rule 6)', () => {
    const initech = installation(salesforce, 'initech');
    expect(initech.config.read.objects.Account?.disabled).toBe(true);
    expect(checkSearchable(manifest, initech, 'Account')).toMatchObject({ searchable: true, object: { objectName: 'Account', enabled: 'always' } });
  });

  it('refuses an object the installation disables when the manifest does not say enabled: always (rule 7)', () => {
    expect(checkSearchable(manifest, installation(salesforce, 'globex'), 'Opportunity')).toMatchObject({ searchable: false, reason: 'disabled-by-installation' });
    expect(checkSearchable(manifest, installation(salesforce, 'initech'), 'Contact')).toMatchObject({ searchable: false, reason: 'disabled-by-installation' });
    expect(checkSearchable(manifestOf(hubspot), installation(hubspot, 'hooli'), 'companies')).toMatchObject({ searchable: false });
  });

  it('lists what an installation can search, in manifest order', () => {
    expect(searchableObjects(manifest, installation(salesforce, 'acme-corp'))).toEqual(['Account', 'Contact', 'Opportunity']);
    expect(searchableObjects(manifest, installation(salesforce, 'globex'))).toEqual(['Account', 'Contact']);
    expect(searchableObjects(manifest, installation(salesforce, 'initech'))).toEqual(['Account', 'Opportunity']);
    expect(searchableObjects(manifestOf(hubspot), installation(hubspot, 'umbrella'))).toEqual(['contacts', 'companies']);
  });
});

describe('fieldMappings and resolveField (rules 2 and 3)', () => {
  const contact = manifestOf(salesforce).read.objects.find((object) => object.objectName === 'Contact')!;
  const contactFields = nativeFieldNames(dataset('proj_demo', 'acme-corp'), 'Contact');

  it('applies manifest mappings and the user selections of each installation', () => {
    expect(Object.fromEntries(fieldMappings(contact, installation(salesforce, 'acme-corp')).resolved)).toEqual({ fullName: 'Name', email: 'Email', city: 'MailingCity' });
    expect(Object.fromEntries(fieldMappings(contact, installation(salesforce, 'globex')).resolved)).toEqual({ fullName: 'Name', email: 'Email', city: 'MailingCountry' });
  });

  it('keeps manifest-fixed mappings over a selection, and ignores selections the manifest does not declare', () => {
    const chosen = installationWith({ Contact: { selectedFieldMappings: { fullName: 'LastName', email: 'Email', nickname: 'FirstName' } } });
    const mappings = fieldMappings(contact, chosen);
    expect(Object.fromEntries(mappings.resolved)).toEqual({ fullName: 'Name', email: 'Email' });
    expect(mappings.unselected).toEqual(['city']);
  });

  it('resolves a mapped name, a provider name, and neither', () => {
    const mappings = fieldMappings(contact, installation(salesforce, 'acme-corp'));
    expect(resolveField('city', mappings, contactFields)).toEqual({ kind: 'mapped', providerField: 'MailingCity' });
    expect(resolveField('MailingCountry', mappings, contactFields)).toEqual({ kind: 'native', providerField: 'MailingCountry' });
    expect(resolveField('Nickname', mappings, contactFields)).toEqual({ kind: 'unknown' });
  });

  it('is case-sensitive and suggests the name in its right case', () => {
    const mappings = fieldMappings(contact, installation(salesforce, 'acme-corp'));
    expect(resolveField('mailingcity', mappings, contactFields)).toEqual({ kind: 'unknown', suggestion: 'MailingCity' });
    expect(resolveField('FULLNAME', mappings, contactFields)).toEqual({ kind: 'unknown', suggestion: 'fullName' });
  });

  it('reports a mapped name the installation chose no field for', () => {
    const mappings = fieldMappings(contact, installationWith({}));
    expect(mappings.unselected).toEqual(['email', 'city']);
    expect(resolveField('email', mappings, contactFields)).toEqual({ kind: 'unselected' });
    // The provider's own Email field is still there under its own name.
    expect(resolveField('Email', mappings, contactFields)).toEqual({ kind: 'native', providerField: 'Email' });
  });

  it('prefers the mapped name when it is also a provider field name', () => {
    const contacts = manifestOf(hubspot).read.objects[0]!;
    const hooli = fieldMappings(contacts, installation(hubspot, 'hooli'));
    const names = nativeFieldNames(dataset('proj_marketing', 'hooli'), 'contacts');
    expect(names.has('email')).toBe(true);
    expect(resolveField('email', hooli, names)).toEqual({ kind: 'mapped', providerField: 'email' });
    expect(resolveField('stage', hooli, names)).toEqual({ kind: 'mapped', providerField: 'jobtitle' });
  });
});

describe('records in their provider shape', () => {
  it('lifts HubSpot properties and drops Salesforce attributes', () => {
    const hubspotRecord = dataset('proj_marketing', 'umbrella').objects.contacts![0]!;
    expect(nativeFields('hubspot', hubspotRecord.raw)).toEqual(hubspotRecord.raw.properties);
    const salesforceRecord = dataset('proj_demo', 'acme-corp').objects.Account![0]!;
    const fields = nativeFields('salesforce', salesforceRecord.raw);
    expect(fields).not.toHaveProperty('attributes');
    expect(fields).toMatchObject({ Id: salesforceRecord.id, Name: 'Northwind Logistics', BillingCity: 'Berlin' });
  });

  it('knows the field names of an object from its records, and none of an object without any', () => {
    expect([...nativeFieldNames(dataset('proj_marketing', 'umbrella'), 'companies')]).toEqual(
      expect.arrayContaining(['name', 'domain', 'industry', 'city', 'country']),
    );
    expect(nativeFieldNames(dataset('proj_demo', 'acme-corp'), 'Campaign').size).toBe(0);
    expect(nativeFieldNames(undefined, 'Contact').size).toBe(0);
  });

  it('compares the text of scalars exactly', () => {
    expect(equals('Berlin', 'Berlin')).toBe(true);
    expect(equals('Berlin', 'berlin')).toBe(false);
    expect(equals(250000, '250000')).toBe(true);
    expect(equals(false, 'false')).toBe(true);
    expect(equals(null, 'null')).toBe(false);
    expect(equals(undefined, '')).toBe(false);
    expect(equals({ type: 'Account' }, '[object Object]')).toBe(false);
  });
});

describe('searchRecords (rules 1 and 4)', () => {
  const acme = dataset('proj_demo', 'acme-corp');
  const account = manifestOf(salesforce).read.objects[0]!;
  const accountMappings = fieldMappings(account, installation(salesforce, 'acme-corp'));

  it('returns matches with their fields, mapped fields and the native record', () => {
    const results = searchRecords(acme, 'Account', [{ providerField: 'Name', value: 'Northwind Logistics' }], accountMappings, 25);
    expect(results).toHaveLength(1);
    const [result] = results;
    expect(result!.id).toBe('001Ac00000000001AA');
    expect(result!.mappedFields).toEqual({ companyName: 'Northwind Logistics', city: 'Berlin' });
    expect(result!.raw).toEqual(acme.objects.Account![0]!.raw);
    expect(result!.raw.attributes).toMatchObject({ type: 'Account' });
    expect(result!.fields).toMatchObject({ Name: 'Northwind Logistics', Industry: 'Technology' });
    expect(Object.keys(result!)).toEqual(['id', 'fields', 'mappedFields', 'raw']);
  });

  it('ANDs the filters', () => {
    const berlin = searchRecords(acme, 'Account', [{ providerField: 'BillingCity', value: 'Berlin' }], accountMappings, 25);
    const both = searchRecords(
      acme,
      'Account',
      [
        { providerField: 'BillingCity', value: 'Berlin' },
        { providerField: 'Industry', value: 'Technology' },
      ],
      accountMappings,
      25,
    );
    expect(berlin.length).toBeGreaterThan(both.length);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((result) => result.fields.BillingCity === 'Berlin' && result.fields.Industry === 'Technology')).toBe(true);
  });

  it('returns one page only: the first matches in the instance order', () => {
    const owner = '005Ac00000000001AA';
    const all = acme.objects.Contact!.filter((record) => record.raw.OwnerId === owner);
    expect(all.length).toBeGreaterThan(25);
    const page = searchRecords(acme, 'Contact', [{ providerField: 'OwnerId', value: owner }], fieldMappings(manifestOf(salesforce).read.objects[1]!, installation(salesforce, 'acme-corp')), 25);
    expect(page.map((result) => result.id)).toEqual(all.slice(0, 25).map((record) => record.id));
  });

  it('returns nothing when nothing matches, or there is no data', () => {
    expect(searchRecords(acme, 'Account', [{ providerField: 'Name', value: 'Nobody Inc' }], accountMappings, 25)).toEqual([]);
    expect(searchRecords(undefined, 'Account', [{ providerField: 'Name', value: 'x' }], accountMappings, 25)).toEqual([]);
  });

  it('does not let a caller change the seed through a result', () => {
    const [result] = searchRecords(acme, 'Account', [{ providerField: 'Name', value: 'Northwind Logistics' }], accountMappings, 25);
    result!.raw.Name = 'changed';
    (result!.fields as Record<string, unknown>).Name = 'changed';
    expect(acme.objects.Account![0]!.raw.Name).toBe('Northwind Logistics');
  });
});
