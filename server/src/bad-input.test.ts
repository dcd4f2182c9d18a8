/**
 * Uploads and bodies that should not get in: another type of file inside an image's name,
 * files at or over 5 MB, empty files, and request bodies over the limit (sent with their length
 * or streamed without one) are refused with the spec's messages in both languages, as envelopes.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { MAX_BODY_BYTES } from './app';
import { localFileStore } from './files/store';
import { fileForm, rawCall } from './modules/account/test-support';
import { MAX_AVATAR_BYTES } from './modules/system/upload';
import { createTestApp, HOST_ONE, type TestGateway } from './testing';

let gw: TestGateway;
let dir: string;
let token: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-bad-input-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  token = await gw.login('E1002');
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
/** Files of other types, by their real first bytes. */
const OTHER_TYPES: Record<string, Uint8Array<ArrayBuffer>> = {
  pdf: bytes('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF'),
  zip: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00]),
  html: bytes('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  svg: bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  gif: bytes('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
  webp: bytes('RIFF\x1a\x00\x00\x00WEBPVP8 '),
  exe: bytes('MZ\x90\x00\x03\x00\x00\x00\x04\x00'),
  text: bytes('just some text'),
};

const upload = (body: FormData, lang: 'zh' | 'en' = 'zh') => rawCall(gw, 'uploadPic', { token, lang, body });

async function storedFiles(): Promise<number> {
  return (await readdir(dir, { recursive: true })).filter((f) => /\.(png|jpg)$/.test(String(f))).length;
}

describe('uploads', () => {
  it('refuses another type of file inside an image name and type, storing nothing', async () => {
    const before = await storedFiles();
    for (const [kind, content] of Object.entries(OTHER_TYPES)) {
      for (const [name, type] of [['avatar.png', 'image/png'], ['photo.jpg', 'image/jpeg'], ['face.JPEG', 'image/jpeg']] as const) {
        const zh = await upload(fileForm(content, name, type));
        expect(zh.res.status, `${kind} as ${name}`).toBe(422);
        expect(zh.body).toEqual({ code: Code.INVALID, msg: '上传头像图片只能是 JPG | JPEG | PNG 格式!', data: null });
      }
      const en = await upload(fileForm(content, 'avatar.png', 'image/png'), 'en');
      expect(en.body.msg).toBe('Avatar images can only be JPG | JPEG | PNG!');
    }
    expect(await storedFiles()).toBe(before);
  });

  it('refuses any bytes that do not open as a PNG or JPEG, whatever they are', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }), async (content) => {
        const png = content.length >= 8 && content[0] === 0x89 && content[1] === 0x50;
        const jpeg = content.length >= 4 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;
        fc.pre(!png && !jpeg);
        const { body } = await upload(fileForm(Uint8Array.from(content), 'avatar.png', 'image/png'));
        expect(body.code).toBe(Code.INVALID);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses an empty file and a file of 5 MB or more with the spec messages', async () => {
    expect((await upload(fileForm(new Uint8Array(0), 'avatar.png', 'image/png'))).body).toEqual({
      code: Code.INVALID,
      msg: '请选择要上传的图片',
      data: null,
    });
    expect((await upload(fileForm(new Uint8Array(0), 'avatar.png', 'image/png'), 'en')).body.msg).toBe('Please choose an image to upload');
    const big = new Uint8Array(MAX_AVATAR_BYTES);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const zh = await upload(fileForm(big, 'avatar.png', 'image/png'));
    expect(zh.res.status).toBe(413);
    expect(zh.body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: '上传头像图片大小不能超过 5MB!', data: null });
    expect((await upload(fileForm(big, 'avatar.png', 'image/png'), 'en')).body.msg).toBe('The avatar image cannot exceed 5 MB!');
  });
});

/** A body sent in chunks with no Content-Length, as a client that streams would. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

async function send(name: EndpointName, body: BodyInit, lang: 'zh' | 'en', contentType = 'application/json') {
  const res = await gw.app.request(`http://${HOST_ONE}${gw.prefix}/${endpoints[name].path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, [LANG_HEADER]: lang, [TOKEN_HEADER]: token },
    body,
    duplex: 'half',
  } as RequestInit);
  return { res, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

describe('bodies over the limit', () => {
  const over = JSON.stringify({ content: 'x'.repeat(MAX_BODY_BYTES) });

  it.each(['loginByEmpNo', 'courseCommentSave', 'communityPostSave', 'examAnswerSave'] as const)(
    '%s: a body over 1 MiB gets 413 with the envelope, in both languages',
    async (name) => {
      const zh = await send(name, over, 'zh');
      expect(zh.res.status).toBe(413);
      expect(zh.body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: '请求体过大，上限为 1 MiB', data: null });
      const en = await send(name, streamed(MAX_BODY_BYTES + 1), 'en');
      expect(en.res.status).toBe(413);
      expect(en.body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: 'The request body is too large; the limit is 1 MiB', data: null });
    },
  );

  it('an upload streamed past its limit with no length gets 413 with the upload message', async () => {
    const boundary = 'xtboundary';
    const res = await send('uploadPic', streamed(7 * 1024 * 1024), 'zh', `multipart/form-data; boundary=${boundary}`);
    expect(res.res.status).toBe(413);
    expect(res.body).toEqual({ code: Code.PAYLOAD_TOO_LARGE, msg: '上传头像图片大小不能超过 5MB!', data: null });
  });

  it('a body just under the limit is read and judged on its content', async () => {
    const under = JSON.stringify({ targetId: '00000000-0000-4000-8000-000000000000', targetType: 'course', content: 'x'.repeat(MAX_BODY_BYTES - 200) });
    const { res, body } = await send('courseCommentSave', under, 'en');
    expect(res.status).toBe(422);
    expect(body.code).toBe(Code.INVALID);
  });
});

describe('text with a NUL character', () => {
  it('is refused as an invalid field, in a query or a body, on either database', async () => {
    const query = await gw.call('resetPasswordMail', { query: { empNo: 'E1001\u0000' } });
    expect(query.body).toMatchObject({ code: Code.INVALID, msg: '参数 empNo 的值无效' });
    const body = await gw.call('loginByEmpNo', { lang: 'en', body: { empNo: 'E10\u000001', password: 'x' } });
    expect(body.body).toMatchObject({ code: Code.INVALID, msg: 'The field empNo has an invalid value' });
    const nested = await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: ['a', '\u0000'] } });
    expect(nested.body).toMatchObject({ code: Code.INVALID, msg: '参数 password.1 的值无效' });
  });
});
