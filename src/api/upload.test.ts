// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureClient, NO_ENVELOPE } from '@/api/client';
import { TOKEN_COOKIE } from '@/api/codes';
import { upload, uploadPic, UPLOAD_FILE_FIELD } from '@/api/upload';
import { $locale } from '@/stores/locale';
import { $toasts, clearToasts } from '@/stores/toasts';

type Handler = ((event: ProgressEvent) => void) | null;

/** Just enough of XMLHttpRequest: records the request and lets the test answer it. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: unknown;
  responseText = '';
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }
  answer(body: unknown) {
    this.upload.onload?.(new ProgressEvent('load'));
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
}

const toastTexts = () => $toasts.get().map((t) => `${t.kind}:${t.message}`);

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  configureClient();
  $locale.set('zh');
  clearToasts();
  Cookies.set(TOKEN_COOKIE, 'tok-1', { path: '/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
});

describe('upload', () => {
  it('posts the form to the row with the usual headers and reports whole percents, each once', async () => {
    const seen: number[] = [];
    const form = new FormData();
    const done = upload<{ url: string }>('uploadPic', form, { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['POST', '/gateway/system/auth/upload/pic', 60_000]);
    expect(xhr.headers).toMatchObject({ token: 'tok-1', 'accept-language': 'zh' });
    expect(xhr.body).toBe(form);
    xhr.progress(0, 300);
    xhr.progress(100, 300);
    xhr.progress(101, 300);
    xhr.progress(300, 300);
    xhr.answer({ code: 200, msg: '', data: { url: '/files/e/a.png' } });
    await expect(done).resolves.toEqual({ url: '/files/e/a.png' });
    expect(seen).toEqual([0, 33, 100]);
  });

  it('applies the envelope rules of every call: other codes reject with the message shown', async () => {
    const done = upload('uploadPic', new FormData());
    FakeXhr.last.answer({ code: 422, msg: '上传头像图片只能是 JPG | JPEG | PNG 格式!', data: null });
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(422);
    expect(toastTexts()).toEqual(['error:上传头像图片只能是 JPG | JPEG | PNG 格式!']);
  });

  it('returns the whole envelope for 208 and stays quiet when asked', async () => {
    const whole = upload('uploadPic', new FormData());
    FakeXhr.last.answer({ code: 208, msg: 'partial', data: 1 });
    await expect(whole).resolves.toEqual({ code: 208, msg: 'partial', data: 1 });
    const quiet = upload('uploadPic', new FormData(), { isShowErrTip: false });
    FakeXhr.last.answer({ code: 500, msg: 'boom', data: null });
    await expect(quiet).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([]);
  });

  it('treats a network failure or a foreign body like a call without an envelope', async () => {
    const lost = upload('uploadPic', new FormData());
    FakeXhr.last.onerror?.(new ProgressEvent('error'));
    expect(((await lost.catch((e: unknown) => e)) as ApiError).code).toBe(NO_ENVELOPE);
    const html = upload('uploadPic', new FormData(), { noDispose: false });
    FakeXhr.last.answer('<html>bad gateway</html>');
    expect(((await html.catch((e: unknown) => e)) as ApiError).code).toBe(NO_ENVELOPE);
    expect(toastTexts()).toEqual(['error:加载数据失败，请稍后重试']);
  });

  it('cancels without a message', async () => {
    const stop = new AbortController();
    const done = upload('uploadPic', new FormData(), { signal: stop.signal });
    stop.abort();
    await expect(done).rejects.toBeDefined();
    expect(FakeXhr.last.aborted).toBe(true);
    expect(toastTexts()).toEqual([]);
  });
});

describe('uploadPic', () => {
  it('sends the file in the form field the gateway reads', async () => {
    const done = uploadPic(new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }), 'me.png');
    const form = FakeXhr.last.body as FormData;
    const file = form.get(UPLOAD_FILE_FIELD) as File;
    expect(file.name).toBe('me.png');
    FakeXhr.last.answer({ code: 200, msg: '', data: { url: '/files/e/me.png', fileName: 'me.png', fileSize: 2 } });
    await expect(done).resolves.toMatchObject({ url: '/files/e/me.png' });
  });
});
