import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Standin, type S3Standin } from '../testing/standins/s3';
import { s3FileStore, s3OptionsFromEnv, signV4 } from './s3';

// The worked examples of the S3 Signature Version 4 documentation ("Examples: Signature
// Calculations", header-based authentication), with its example credentials.
const example = {
  region: 'us-east-1',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  date: new Date('2013-05-24T00:00:00Z'),
};

describe('signV4', () => {
  it('signs the documentation\'s GET Object example', () => {
    const headers = signV4({
      ...example,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('signs the documentation\'s PUT Object example (a key with $ in it)', () => {
    const headers = signV4({
      ...example,
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
      headers: { date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    });
    expect(headers.authorization).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
  });
});

describe('s3FileStore against a loopback bucket', () => {
  const credentials = { bucket: 'xt-files', region: 'cn-north-1', accessKeyId: 'XTTESTKEY', secretAccessKey: 'secret/key+1' };
  let s3: S3Standin;
  beforeAll(async () => {
    s3 = await startS3Standin(credentials);
  });
  afterAll(() => s3.close());

  it('writes, reads, tells existence and deletes with signed requests', async () => {
    const store = s3FileStore({ ...credentials, endpoint: s3.endpoint, prefix: 'tenant-files/' });
    const data = new TextEncoder().encode('证书 PDF bytes');
    await store.put('ent1/Ab_c-1.pdf', data);
    expect(s3.objects.get('tenant-files/ent1/Ab_c-1.pdf')?.body.toString()).toBe('证书 PDF bytes');
    expect(await store.exists('ent1/Ab_c-1.pdf')).toBe(true);
    const file = await store.get('ent1/Ab_c-1.pdf');
    expect(file?.size).toBe(data.byteLength);
    expect(new TextDecoder().decode(await new Response(file!.body).arrayBuffer())).toBe('证书 PDF bytes');
    await store.delete('ent1/Ab_c-1.pdf');
    expect(await store.exists('ent1/Ab_c-1.pdf')).toBe(false);
    expect(await store.get('ent1/Ab_c-1.pdf')).toBeUndefined();
    expect(s3.log.every((line) => !line.endsWith(' 403'))).toBe(true);
  });

  it('answers the whole object, saying no range, when the service ignores Range', async () => {
    const store = s3FileStore({ ...credentials, endpoint: s3.endpoint });
    await store.put('ent1/Range_1.pdf', new TextEncoder().encode('0123456789'));
    const file = await store.get('ent1/Range_1.pdf', { start: 2, end: 4 });
    expect(file?.range).toBeUndefined();
    expect(file?.size).toBe(10);
    expect(await new Response(file!.body).text()).toBe('0123456789');
    expect(s3.log.every((line) => !line.endsWith(' 403'))).toBe(true);
  });

  it('refuses keys that could climb out, without a request', async () => {
    const store = s3FileStore({ ...credentials, endpoint: s3.endpoint });
    const before = s3.log.length;
    await expect(store.put('../etc/passwd', new Uint8Array(1))).rejects.toThrow(/Invalid file key/);
    expect(await store.get('a/../../b.txt')).toBeUndefined();
    expect(await store.exists('..')).toBe(false);
    expect(s3.log.length).toBe(before);
  });

  it('fails loudly on a wrong secret instead of reporting a missing file', async () => {
    const store = s3FileStore({ ...credentials, secretAccessKey: 'wrong', endpoint: s3.endpoint });
    await expect(store.put('ent1/x.png', new Uint8Array([1, 2]))).rejects.toThrow(/403/);
    await expect(store.exists('ent1/x.png')).rejects.toThrow(/403/);
    await expect(store.get('ent1/x.png')).rejects.toThrow(/403/);
  });
});

describe('s3OptionsFromEnv', () => {
  it('is off without S3_BUCKET and names what is missing when half set', () => {
    expect(s3OptionsFromEnv({})).toBeUndefined();
    expect(() => s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/);
    expect(s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toMatchObject({
      bucket: 'b',
      region: 'us-east-1',
    });
  });
});
