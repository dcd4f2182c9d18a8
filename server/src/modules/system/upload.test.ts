import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { TreeOption, UploadResult, UserInfo } from '@/api/types';
import { localFileStore } from '../../files/store';
import { createTestApp, DEMO_PASSWORD, HOST_TWO, type TestGateway } from '../../testing';
import { demoEids, fileForm, rawCall } from '../account/test-support';
import { imageTypeOf, MAX_AVATAR_BYTES } from './upload';

let gw: TestGateway;
let dir: string;
let eids: { one: string; two: string };
let token: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-files-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  eids = await demoEids(gw);
  token = await gw.login('E1001');
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A 1×1 PNG and a tiny JPEG (start of image, JFIF header, end of image). */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const TEXT = new TextEncoder().encode('<html><script>alert(1)</script></html>');

const upload = (form: FormData | string, o: { lang?: 'zh' | 'en'; token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  rawCall<UploadResult>(gw, 'uploadPic', { token, ...o, body: form });

/** A body of `size` bytes that starts like a PNG. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
}

describe('image type by content', () => {
  it('knows PNG and JPEG by their first bytes, nothing else', () => {
    expect(imageTypeOf(PNG)).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(imageTypeOf(JPEG)).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(imageTypeOf(TEXT)).toBeUndefined();
    expect(imageTypeOf(new TextEncoder().encode('GIF89a......'))).toBeUndefined();
    expect(imageTypeOf(PNG.slice(0, 4))).toBeUndefined();
  });
});

describe('avatar upload', () => {
  it('stores a PNG named .jpg as a PNG and serves it back', async () => {
    const { res, body } = await upload(fileForm(PNG, 'photo.jpg', 'image/jpeg'));
    expect(res.status).toBe(200);
    expect(body.data.url).toMatch(new RegExp(`^/files/${eids.one}/[\\w-]{22}\\.png$`));
    expect(body.data).toMatchObject({ fileName: 'photo.jpg', fileSize: PNG.length });
    expect(await readdir(join(dir, eids.one))).toContain(body.data.url.split('/').pop());

    const served = await gw.app.request(body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('content-length')).toBe(String(PNG.length));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const head = await gw.app.request(body.data.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('stores a JPEG as .jpg, whatever it is called', async () => {
    const { body } = await upload(fileForm(JPEG, 'avatar.png', 'image/png'));
    expect(body.data.url).toMatch(/\.jpg$/);
    const served = await gw.app.request(body.data.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is not a JPG or PNG by content, whatever its name or declared type', async () => {
    const zh = await upload(fileForm(TEXT, 'avatar.png', 'image/png'));
    expect(zh.res.status).toBe(422);
    expect(zh.body).toEqual({ code: Code.INVALID, msg: '上传头像图片只能是 JPG | JPEG | PNG 格式!', data: null });
    const en = await upload(fileForm(new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'a.gif', 'image/gif'), { lang: 'en' });
    expect(en.body.msg).toBe('Avatar images can only be JPG | JPEG | PNG!');
  });

  it('takes files just under 5 MB and refuses 5 MB and more, even past the body limit', async () => {
    const under = await upload(fileForm(pngOfSize(MAX_AVATAR_BYTES - 1), 'big.png', 'image/png'));
    expect(under.body.code).toBe(Code.OK);
    expect(under.body.data.fileSize).toBe(MAX_AVATAR_BYTES - 1);

    const at = await upload(fileForm(pngOfSize(MAX_AVATAR_BYTES), 'big.png', 'image/png'));
    expect(at.res.status).toBe(413);
    expect(at.body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: '上传头像图片大小不能超过 5MB!', data: null });
    const huge = await upload(fileForm(pngOfSize(8 * 1024 * 1024), 'huge.png', 'image/png'), { lang: 'en' });
    expect(huge.res.status).toBe(413);
    expect(huge.body.msg).toBe('The avatar image cannot exceed 5 MB!');
  });

  it('refuses an empty file, a missing field and a body that is not a form', async () => {
    const empty = await upload(fileForm(new Uint8Array(0), 'empty.png', 'image/png'));
    expect(empty.body).toEqual({ code: Code.INVALID, msg: '请选择要上传的图片', data: null });
    const form = new FormData();
    form.append('avatar', new File([PNG], 'a.png'));
    expect((await upload(form, { lang: 'en' })).body.msg).toBe('Please choose an image to upload');
    const text = new FormData();
    text.append('file', 'not a file');
    expect((await upload(text)).body.code).toBe(Code.INVALID);
    const json = await upload(JSON.stringify({ file: 'x' }), { headers: { 'content-type': 'application/json' } });
    expect(json.res.status).toBe(415);
  });

  it('keeps the 1 MiB limit on every other call', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) });
    const { res } = await gw.call('updateUserInfo', { token, body: big });
    expect(res.status).toBe(413);
  });

  it('needs a token of the company, and stores under its own folder', async () => {
    expect((await upload(fileForm(PNG, 'a.png', 'image/png'), { token: '' })).body.code).toBe(Code.UNAUTHORIZED);
    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    expect((await upload(fileForm(PNG, 'a.png', 'image/png'), { token: two })).body.code).toBe(Code.UNAUTHORIZED);
    const own = await upload(fileForm(PNG, 'a.png', 'image/png'), { token: two, host: HOST_TWO });
    expect(own.body.data.url).toMatch(new RegExp(`^/files/${eids.two}/`));
  });
});

describe('serving stored files', () => {
  it("serves a company's pictures on its own hosts only, and its other files only signed", async () => {
    const { body } = await upload(fileForm(PNG, 'a.png', 'image/png'));
    expect((await gw.app.request(`http://localhost${body.data.url}`)).status).toBe(200);
    expect((await gw.app.request(`http://${HOST_TWO}${body.data.url}`)).status).toBe(404);
    // A file of the store that is not a picture (a stamped courseware): not without a signature.
    await writeFile(join(dir, eids.one, 'Stamped_copy.pdf'), '%PDF-1.4');
    expect((await gw.app.request(`http://localhost/files/${eids.one}/Stamped_copy.pdf`)).status).toBe(404);
    const forged = `?eid=${eids.one}&exp=${Math.floor(Date.now() / 1000) + 60}&sig=${'0'.repeat(64)}`;
    expect((await gw.app.request(`http://localhost/files/${eids.one}/Stamped_copy.pdf${forged}`)).status).toBe(403);
  });

  it('serves no folders, no other paths and no file of another type', async () => {
    await writeFile(join(dir, 'secret.txt'), 'secret');
    await writeFile(join(dir, eids.one, 'notes.txt'), 'notes');
    const paths = [
      '/files/',
      '/files',
      `/files/${eids.one}`,
      `/files/${eids.one}/`,
      '/files/secret.txt',
      `/files/${eids.one}/notes.txt`,
      `/files/${eids.one}/missing0000000000000000.png`,
      '/files/..%2fsecret.txt',
      `/files/${eids.one}/..%2f..%2fsecret.txt`,
      `/files/${eids.one}/%2e%2e/secret.txt`,
      '/files/../package.json',
      '/files/%2e%2e/%2e%2e/package.json',
      `/files/${eids.one}/....png`,
    ];
    for (const path of paths) {
      const res = await gw.app.request(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toMatch(/secret|notes|"name"/);
    }
    expect((await gw.app.request(`/files/${eids.one}/x.png`, { method: 'POST' })).status).toBe(404);
  });
});

describe('avatar in the profile', () => {
  it('accepts an avatar our upload issued for this company, and no other', async () => {
    const user = (await gw.call<UserInfo>('currentUser', { token })).body.data;
    const uploaded = (await upload(fileForm(PNG, 'me.png', 'image/png'))).body.data.url;
    const profile = {
      userNo: user.userNo,
      dataSource: 0,
      sex: user.sex,
      email: user.email,
      idCard: user.idCard,
      joiningTime: user.joiningTime,
    };
    const saved = await gw.call<UserInfo>('savePostGrade', { token, body: { ...profile, headPortrait: uploaded } });
    expect(saved.body.data.headPortrait).toBe(uploaded);

    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const foreign = (await upload(fileForm(PNG, 'b.png', 'image/png'), { token: two, host: HOST_TWO })).body.data.url;
    const refused = await gw.call('savePostGrade', { token, body: { ...profile, headPortrait: foreign } });
    expect(refused.body.msg).toBe('头像无效，请重新上传');
    // Renamed into this company's folder, it is still not one we issued here.
    const renamed = foreign.replace(eids.two, eids.one);
    expect((await gw.call('savePostGrade', { token, body: { ...profile, headPortrait: renamed } })).body.code).toBe(
      Code.INVALID,
    );
    // Unchanged and removed are fine.
    expect((await gw.call('savePostGrade', { token, body: { ...profile, headPortrait: uploaded } })).body.code).toBe(Code.OK);
    const removed = await gw.call<UserInfo>('savePostGrade', { token, body: { ...profile, headPortrait: '' } });
    expect(removed.body.data.headPortrait).toBe('');
  });
});

describe('region list', () => {
  it('gives provinces with their cities, without a token, in both languages', async () => {
    const { body } = await gw.call<TreeOption[]>('regionList');
    expect(body.code).toBe(Code.OK);
    expect(body.data.map((r) => r.name)).toEqual(expect.arrayContaining(['北京市', '上海市', '广东省', '浙江省']));
    const guangdong = body.data.find((r) => r.id === '440000')!;
    expect(guangdong.children!.map((c) => c.name)).toEqual(['广州市', '深圳市', '珠海市', '佛山市', '东莞市']);
    expect(guangdong.children![1]).toEqual({ id: '440300', name: '深圳市', parentId: '440000' });
    const en = await gw.call<TreeOption[]>('regionList', { lang: 'en', body: { parentId: '440000' } });
    expect(en.body.data.map((c) => c.name)).toEqual(['Guangzhou', 'Shenzhen', 'Zhuhai', 'Foshan', 'Dongguan']);
  });
});
