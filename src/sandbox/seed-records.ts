// Deterministic records for the emulated SaaS instances behind search. Values
// come from index arithmetic over small word lists, so every run (and every
// test) sees the same records without storing hundreds of literals.
import type { ProviderDataset, ProviderRecord } from './types.js';

const FIRST_NAMES = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Esther', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jun', 'Keisha', 'Luis', 'Mei', 'Nadia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Viktor', 'Wen', 'Yara'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Kowalski', 'Haddad', 'Novak', 'Reyes', 'Schmidt', 'Park', 'Costa', 'Byrne', 'Ivanova', 'Mensah', 'Dubois', 'Larsen', 'Ortiz'];
const COMPANY_STEMS = ['Northwind', 'Bluebird', 'Ironclad', 'Sunfield', 'Redwood', 'Clearwater', 'Brightline', 'Stonebridge', 'Silverleaf', 'Harborview', 'Quarry', 'Meridian', 'Pinecrest', 'Lakeshore', 'Foxglove'];
const COMPANY_SUFFIXES = ['Logistics', 'Analytics', 'Foods', 'Robotics', 'Health', 'Energy', 'Media', 'Outfitters', 'Labs'];
const INDUSTRIES = ['Technology', 'Manufacturing', 'Healthcare', 'Retail', 'Finance', 'Energy', 'Media', 'Education'];
const CITIES: Array<[city: string, country: string]> = [
  ['Berlin', 'Germany'], ['Lisbon', 'Portugal'], ['Austin', 'United States'], ['Toronto', 'Canada'],
  ['Osaka', 'Japan'], ['Nairobi', 'Kenya'], ['Melbourne', 'Australia'], ['Lyon', 'France'],
  ['Denver', 'United States'], ['Kraków', 'Poland'], ['Seoul', 'South Korea'], ['Dublin', 'Ireland'],
];
const TITLES = ['VP Sales', 'Head of Operations', 'Data Engineer', 'Procurement Manager', 'CTO', 'Account Executive', 'Marketing Lead', 'Support Manager'];
const STAGES: Array<[stage: string, probability: number]> = [
  ['Prospecting', 10], ['Qualification', 20], ['Needs Analysis', 30], ['Proposal/Price Quote', 60],
  ['Negotiation/Review', 80], ['Closed Won', 100], ['Closed Lost', 0],
];
const LIFECYCLE_STAGES = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer'];
const DEAL_STAGES = ['appointmentscheduled', 'qualifiedtobuy', 'presentationscheduled', 'contractsent', 'closedwon', 'closedlost'];
const LEAD_STATUSES = ['Open - Not Contacted', 'Working - Contacted', 'Closed - Converted', 'Closed - Not Converted'];
const LEAD_SOURCES = ['Web', 'Phone Inquiry', 'Partner Referral', 'Trade Show'];

/** Cyclic pick; the multiplier spreads neighbouring indexes over the list. */
function pick<T>(list: readonly T[], index: number, stride = 1): T {
  return list[(index * stride) % list.length] as T;
}

/** A fixed timestamp `index` hours after `base`, so records sort in index order. */
function hoursAfter(base: string, index: number): string {
  return new Date(Date.parse(base) + index * 3_600_000).toISOString().replace('.000Z', 'Z');
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Salesforce-style 18-character ID: 3-char key prefix, 2-char org code, counter, suffix. */
function salesforceId(keyPrefix: string, orgCode: string, index: number): string {
  return `${keyPrefix}${orgCode}${String(index + 1).padStart(11, '0')}AA`;
}

function companyName(index: number): string {
  return `${pick(COMPANY_STEMS, index)} ${pick(COMPANY_SUFFIXES, index, 4)}`;
}

export interface SalesforceDatasetSpec {
  groupRef: string;
  orgCode: string;
  accounts: number;
  contacts: number;
  opportunities: number;
  /** Leads exist in the instance but are not under `read` in the seeded manifest. */
  leads: number;
  since: string;
}

export function salesforceDataset(spec: SalesforceDatasetSpec): ProviderDataset {
  const accountIds = range(spec.accounts).map((i) => salesforceId('001', spec.orgCode, i));
  // Two users own every record, alternately, so a search by owner fills a page.
  const ownerId = (i: number): string => salesforceId('005', spec.orgCode, i % 2);
  const Account: ProviderRecord[] = range(spec.accounts).map((i) => {
    const [city, country] = pick(CITIES, i, 5);
    const name = companyName(i);
    const created = hoursAfter(spec.since, i * 7);
    return salesforceRecord('Account', accountIds[i] as string, {
      Name: name,
      Industry: pick(INDUSTRIES, i, 3),
      BillingCity: city,
      BillingCountry: country,
      Phone: `+1 555 01${String(i % 100).padStart(2, '0')}`,
      Website: `https://www.${slug(name)}.example.com`,
      AnnualRevenue: 250_000 + ((i * 7919) % 40) * 125_000,
      NumberOfEmployees: 10 + ((i * 131) % 90) * 25,
      OwnerId: ownerId(i),
      CreatedDate: created,
      LastModifiedDate: hoursAfter(created, 30 + i),
    });
  });
  const Contact: ProviderRecord[] = range(spec.contacts).map((i) => {
    const first = pick(FIRST_NAMES, i);
    const last = pick(LAST_NAMES, i, 5);
    const accountIndex = i % Math.max(spec.accounts, 1);
    const [city, country] = pick(CITIES, accountIndex, 5);
    const id = salesforceId('003', spec.orgCode, i);
    const created = hoursAfter(spec.since, 3 + i * 5);
    return salesforceRecord('Contact', id, {
      ...personName(first, last),
      Email: `${slug(first)}.${slug(last)}${i}@${slug(companyName(accountIndex))}.example.com`,
      Phone: `+1 555 02${String(i % 100).padStart(2, '0')}`,
      Title: pick(TITLES, i, 3),
      AccountId: accountIds[accountIndex] ?? null,
      MailingCity: city,
      MailingCountry: country,
      OwnerId: ownerId(i),
      CreatedDate: created,
      LastModifiedDate: hoursAfter(created, 12 + (i % 48)),
    });
  });
  const Opportunity: ProviderRecord[] = range(spec.opportunities).map((i) => {
    const [stage, probability] = pick(STAGES, i, 3);
    const accountIndex = (i * 3) % Math.max(spec.accounts, 1);
    const id = salesforceId('006', spec.orgCode, i);
    return salesforceRecord('Opportunity', id, {
      Name: `${companyName(accountIndex)} – ${pick(['Renewal', 'Expansion', 'New Business', 'Pilot'], i)}`,
      StageName: stage,
      Probability: probability,
      Amount: 5_000 + ((i * 2654435761) % 97) * 1_500,
      CloseDate: hoursAfter(spec.since, 24 * (60 + i * 4)).slice(0, 10),
      AccountId: accountIds[accountIndex] ?? null,
      OwnerId: ownerId(i),
      CreatedDate: hoursAfter(spec.since, 11 + i * 9),
    });
  });
  const Lead: ProviderRecord[] = range(spec.leads).map((i) => {
    const first = pick(FIRST_NAMES, i, 11);
    const last = pick(LAST_NAMES, i, 7);
    const company = companyName(i + 20);
    const id = salesforceId('00Q', spec.orgCode, i);
    return salesforceRecord('Lead', id, {
      ...personName(first, last),
      Company: company,
      Email: `${slug(first)}.${slug(last)}${i}@${slug(company)}.example.com`,
      Status: pick(LEAD_STATUSES, i, 3),
      LeadSource: pick(LEAD_SOURCES, i),
      OwnerId: ownerId(i),
      CreatedDate: hoursAfter(spec.since, 5 + i * 13),
    });
  });
  return { groupRef: spec.groupRef, provider: 'salesforce', objects: { Account, Contact, Opportunity, Lead } };
}

/** Salesforce's REST shape: `attributes` and `Id` first, then the fields. */
function salesforceRecord(type: string, id: string, fields: Record<string, unknown>): ProviderRecord {
  return record(id, { attributes: { type, url: `/services/data/v60.0/sobjects/${type}/${id}` }, Id: id, ...fields });
}

/** The name fields of Salesforce people (contacts and leads). */
function personName(first: string, last: string): Record<string, string> {
  return { FirstName: first, LastName: last, Name: `${first} ${last}` };
}

export interface HubSpotDatasetSpec {
  groupRef: string;
  idBase: number;
  contacts: number;
  companies: number;
  deals: number;
  since: string;
}

/** HubSpot's CRM v3 shape: `id` and timestamps at the top, fields under `properties`. */
export function hubspotDataset(spec: HubSpotDatasetSpec): ProviderDataset {
  const hubspotRecord = (id: string, created: string, properties: Record<string, unknown>): ProviderRecord =>
    record(id, {
      id,
      properties: { hs_object_id: id, createdate: created, ...properties },
      createdAt: created,
      updatedAt: hoursAfter(created, 20),
      archived: false,
    });
  const companies = range(spec.companies).map((i) => {
    const name = companyName(i + 3);
    const [city, country] = pick(CITIES, i, 7);
    return hubspotRecord(String(spec.idBase + 1000 + i), hoursAfter(spec.since, i * 6), {
      name,
      domain: `${slug(name)}.example.com`,
      industry: pick(INDUSTRIES, i, 5).toUpperCase(),
      city,
      country,
      numberofemployees: String(20 + i * 15),
    });
  });
  const contacts = range(spec.contacts).map((i) => {
    const first = pick(FIRST_NAMES, i, 7);
    const last = pick(LAST_NAMES, i, 3);
    const company = companies[i % Math.max(companies.length, 1)];
    const companyName = company ? String((company.raw.properties as Record<string, unknown>).name) : '';
    return hubspotRecord(String(spec.idBase + i), hoursAfter(spec.since, 2 + i * 4), {
      firstname: first,
      lastname: last,
      email: `${slug(first)}.${slug(last)}${i}@${slug(companyName) || 'mail'}.example.com`,
      phone: `+44 20 7946 0${String(i % 1000).padStart(3, '0')}`,
      company: companyName,
      jobtitle: pick(TITLES, i, 5),
      lifecyclestage: pick(LIFECYCLE_STAGES, i, 5),
    });
  });
  const deals = range(spec.deals).map((i) =>
    hubspotRecord(String(spec.idBase + 5000 + i), hoursAfter(spec.since, 9 + i * 10), {
      dealname: `${companyName(i + 3)} – ${pick(['Annual plan', 'Seats add-on', 'Onboarding'], i)}`,
      dealstage: pick(DEAL_STAGES, i, 5),
      amount: String(1_200 + ((i * 37) % 20) * 600),
      pipeline: 'default',
      closedate: hoursAfter(spec.since, 24 * (45 + i * 6)),
    }),
  );
  return { groupRef: spec.groupRef, provider: 'hubspot', objects: { contacts, companies, deals } };
}

function record(id: string, raw: Record<string, unknown>): ProviderRecord {
  return { id, raw };
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
