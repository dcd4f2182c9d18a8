/**
 * Form-data calls that report the percent sent (spec section 7: `system/auth/upload/pic`,
 * "form data, progress percent reported"). fetch cannot report upload progress, hence
 * XMLHttpRequest; the answer goes through the client's envelope rules ({@link settle}), so an
 * upload behaves like every other call. Kept apart from `client.ts` so that only the screens
 * that upload load it.
 */
import { endpointURL, requestHeaders, requestTimeout, settle, type CallOptions } from '@/api/client';
import { endpoints, type EndpointDef, type EndpointName } from '@/api/endpoints';
import type { UploadResult } from '@/api/types';

export interface UploadOptions extends Pick<CallOptions, 'params' | 'isShowErrTip' | 'noDispose' | 'headers' | 'signal'> {
  /** Called with the whole percent sent so far (0 to 100), once per change. */
  onProgress?: (percent: number) => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends form data to the endpoint named in `endpoints.ts`, reporting the percent sent.
 *
 * @example const pic = await upload<UploadResult>('uploadPic', form, { onProgress: setPercent })
 */
export function upload<T = unknown>(name: EndpointName, formData: FormData, opts: UploadOptions = {}): Promise<T> {
  return uploadTo<T>(endpoints[name], formData, opts);
}

/** {@link upload} by the row itself: the browser build writes each upload by name this way. */
export function uploadTo<T = unknown>(def: EndpointDef, formData: FormData, opts: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = opts;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, endpointURL(def, opts.params));
    xhr.timeout = requestTimeout();
    for (const [key, value] of Object.entries(requestHeaders(opts.headers))) xhr.setRequestHeader(key, value);

    let reported = -1;
    const report = (percent: number) => {
      if (percent === reported) return;
      reported = percent;
      onProgress?.(percent);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) report(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => report(100);

    xhr.onload = () => {
      report(100);
      settle<T>(parse(xhr.responseText), xhr.responseText, opts).then(resolve, reject);
    };
    // No answer at all: the same failure as a call that got no envelope.
    const failed = () => settle<T>(undefined, undefined, { ...opts, noDispose: false }).then(resolve, reject);
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    // The caller cancelled: not a failure to tell the user about.
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/** The form field that carries the file of `uploadPic`. */
export const UPLOAD_FILE_FIELD = 'file';

/** Uploads a picture (JPG or PNG) and resolves where it is stored. */
export function uploadPic(
  file: Blob,
  fileName: string,
  opts?: Pick<UploadOptions, 'onProgress' | 'isShowErrTip' | 'signal'>,
): Promise<UploadResult> {
  const form = new FormData();
  form.append(UPLOAD_FILE_FIELD, file, fileName);
  return upload<UploadResult>('uploadPic', form, opts);
}
