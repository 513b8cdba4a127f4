import { describe, expect, it } from 'vitest';
import { layerFromDocument, layerFromFlags, mergeLayers, requestBody } from '../../src/destinations/patch-plan.js';
import { Secret } from '../../src/config/secret.js';

const canary = 'plan-secret-CANARY-0c1d2e3f';

function planOf(flags: Parameters<typeof layerFromFlags>[0], document?: unknown) {
  const fromFlags = layerFromFlags(flags);
  expect(fromFlags.problems).toEqual([]);
  const fromDocument = document === undefined ? undefined : layerFromDocument(document);
  expect(fromDocument?.problems ?? []).toEqual([]);
  return mergeLayers(fromFlags.layer, fromDocument?.layer);
}

describe('the computed mask', () => {
  it('holds exactly the fields given, in the order of the spec', () => {
    const { plan, problems } = planOf({ secret: ['password=@p.txt'], clear: ['metadata.maxWaitSecs'], set: ['metadata.region=eu'], name: 'n' });
    expect(problems).toEqual([]);
    expect(plan.mask).toEqual(['name', 'metadata.region', 'metadata.maxWaitSecs', 'secrets.password']);
    const body = requestBody(plan, new Map([['secrets.password', new Secret(canary)]]));
    expect(body.destination).toEqual({ name: 'n', metadata: { region: 'eu' }, secrets: { password: expect.any(Secret) } });
    expect(JSON.stringify(body)).not.toContain(canary);
  });

  it('keeps an explicit mask in its own order', () => {
    const { plan } = planOf({ updateMask: 'metadata.region,name', name: 'n', set: ['metadata.region=eu'] });
    expect(plan.mask).toEqual(['metadata.region', 'name']);
  });
});

describe('--input-json and flags together', () => {
  const document = {
    updateMask: ['metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.privateKey'],
    destination: { metadata: { batchSize: 250, maxWaitSecs: null }, secrets: { privateKey: canary } },
  };

  it('lets a flag replace the value of a path, and adds flag paths to the document mask', () => {
    const { plan, problems } = planOf({ set: ['metadata.batchSize=42'], name: 'renamed' }, document);
    expect(problems).toEqual([]);
    expect(plan.mask).toEqual(['metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.privateKey', 'name']);
    const body = requestBody(plan, new Map());
    expect(body.destination).toEqual({ name: 'renamed', metadata: { batchSize: 42 }, secrets: { privateKey: expect.any(Secret) } });
    expect((body.destination.secrets as { privateKey: Secret }).privateKey.reveal()).toBe(canary);
  });

  it('lets --clear replace a value of the document', () => {
    const { plan } = planOf({ clear: ['metadata.batchSize'] }, document);
    expect(requestBody(plan, new Map()).destination).toEqual({ secrets: { privateKey: expect.any(Secret) } });
  });

  it('checks everything against --update-mask when it is given', () => {
    const { layer } = layerFromFlags({ updateMask: 'metadata.batchSize' });
    const { problems } = mergeLayers(layer, layerFromDocument(document).layer);
    expect(problems).toEqual([
      '--input-json destination.metadata.maxWaitSecs: metadata.maxWaitSecs is not in the --update-mask; add it there, or leave it out.',
      '--input-json destination.secrets.privateKey: secrets.privateKey is not in the --update-mask; add it there, or leave it out.',
    ]);
  });

  it('computes the mask when the document has none', () => {
    const { plan } = planOf({}, { destination: { name: 'x', metadata: { url: 'https://y' } } });
    expect(plan.mask).toEqual(['name', 'metadata.url']);
  });

  it('reports a document field outside its own mask, and a masked path without a value', () => {
    const { layer } = layerFromFlags({});
    const { problems } = mergeLayers(layer, layerFromDocument({ updateMask: ['name'], destination: { metadata: { url: 'https://y' } } }).layer);
    expect(problems).toEqual([
      '--input-json destination.metadata.url: metadata.url is not in the updateMask of --input-json; add it there, or leave it out.',
      'updateMask of --input-json: name has no value; give one with --name, or clear it with --clear name.',
    ]);
  });

  it('never repeats a secret value of the document in a problem', () => {
    const { problems } = layerFromDocument({ destination: { secrets: { password: [canary] }, metadata: { batchSize: '1' } } });
    expect(problems).toEqual([
      '--input-json destination.secrets.password: must be a non-empty string.',
      '--input-json destination.metadata.batchSize: must be a non-negative integer.',
    ]);
  });
});
