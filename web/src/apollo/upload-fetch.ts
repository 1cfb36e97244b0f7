import type { UploadProgressHandler } from './upload-progress';

type XhrInit = RequestInit & { onUploadProgress?: UploadProgressHandler };

/** Whether GraphQL variables hold a File or Blob anywhere: those go as a multipart request. */
export function hasUploads(value: unknown): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(hasUploads);
  if (value && typeof value === 'object') return Object.values(value).some(hasUploads);
  return false;
}

/** Reads XHR response headers into a Headers object. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers.append(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return headers;
}

/**
 * A fetch over XMLHttpRequest: fetch() cannot report upload progress, XHR can (`upload.onprogress`).
 * Resolves a real Response so Apollo parses it as any other answer; rejects on network failure.
 */
export function xhrFetch(url: string, init: XhrInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url, true);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    const onProgress = init.onUploadProgress;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      onProgress?.(1);
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('La requête a échoué'));
    xhr.onabort = () => reject(new DOMException('La requête a été annulée', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}
