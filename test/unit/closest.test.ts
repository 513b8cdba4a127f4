import { describe, expect, it } from 'vitest';
import { closestMaskPath, UPDATE_MASK_PATHS, valueProblem } from '../../src/destinations/fields.js';
import { closestName, editDistance } from '../../src/input/closest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps as one step each', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('region', 'region')).toBe(0);
    expect(editDistance('regio', 'region')).toBe(1);
    expect(editDistance('regionn', 'region')).toBe(1);
    expect(editDistance('regiom', 'region')).toBe(1);
    expect(editDistance('regoin', 'region')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('closestName', () => {
  it('suggests a plausible typo, ignoring case, and nothing for unrelated words', () => {
    expect(closestName('pasword', ['password', 'privateKey'])).toBe('password');
    expect(closestName('BATCHSIZE', ['batchSize', 'maxWaitSecs'])).toBe('batchSize');
    expect(closestName('zebra', ['password', 'privateKey'])).toBeUndefined();
  });
});

describe('closestMaskPath', () => {
  it('finds the path for a typo in the key or the prefix, a bare key, or the wrong group', () => {
    expect(closestMaskPath('metadata.regoin')).toBe('metadata.region');
    expect(closestMaskPath('metdata.region')).toBe('metadata.region');
    expect(closestMaskPath('batchsize')).toBe('metadata.batchSize');
    expect(closestMaskPath('secrets.url')).toBe('metadata.url');
    expect(closestMaskPath('metadata.password')).toBe('secrets.password');
    expect(closestMaskPath('metadata.bogus')).toBeUndefined();
  });

  it('lists the paths of spec 4.4, in its order', () => {
    // Copied from the reference, section 4.4 "Allowed updateMask values".
    const metadata = 'url, headers, region, streamName, endpointUrl, partitionKeyTemplate, bucket, keyTemplate, storageClass, username, tableName, database, accountIdentifier, userId, dbName, schemaName, projectId, datasetId, tableId, workgroupName, clusterIdentifier, dbUser, account, container, queueUrl, topicArn, eventBusName, detailType, topicId, routingKey, batchSize, maxWaitSecs';
    const secrets = 'awsKeyId, awsSecretKey, awsSessionToken, password, privateKey, credentials, accessKeyId, secretAccessKey, accessKey, uri';
    expect(UPDATE_MASK_PATHS).toEqual(['name', ...metadata.split(', ').map((key) => `metadata.${key}`), ...secrets.split(', ').map((key) => `secrets.${key}`)]);
  });
});

describe('valueProblem', () => {
  it('checks each kind of field', () => {
    expect(valueProblem('metadata.batchSize', 0)).toBeUndefined();
    expect(valueProblem('metadata.batchSize', -1)).toBe('must be a non-negative integer');
    expect(valueProblem('metadata.batchSize', '5')).toBe('must be a non-negative integer');
    expect(valueProblem('metadata.url', 'https://x')).toBeUndefined();
    expect(valueProblem('metadata.url', '')).toBe('must be a non-empty string');
    expect(valueProblem('metadata.headers', { 'X-A': '1' })).toBeUndefined();
    expect(valueProblem('metadata.headers', { 'X A': '1' })).toContain('not a valid HTTP header name');
    expect(valueProblem('metadata.headers', { 'X-A': 1 })).toContain('must be a string');
    expect(valueProblem('secrets.password', 'p')).toBeUndefined();
    expect(valueProblem('secrets.password', 7)).toBe('must be a non-empty string');
    expect(valueProblem('name', '  ')).toBe('must be a non-empty string');
  });
});
