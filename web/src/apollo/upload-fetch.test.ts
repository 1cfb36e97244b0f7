import { hasUploads, xhrFetch } from './upload-fetch';

/** A fake XMLHttpRequest driven by the test. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
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
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('upload fetch', () => {
  const original = window.XMLHttpRequest;
  beforeEach(() => {
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = original;
  });

  it('should find files anywhere in the variables', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(hasUploads({ files: [file] })).toBe(true);
    expect(hasUploads({ input: { nested: { file } } })).toBe(true);
    expect(hasUploads({ id: '3', list: [1, 'a', null] })).toBe(false);
    expect(hasUploads(undefined)).toBe(false);
  });

  it('should report upload progress and resolve the answer as a Response', async () => {
    const onUploadProgress = jest.fn();
    const body = new FormData();
    const pending = xhrFetch('/graphql', {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true' },
      body,
      onUploadProgress,
    } as RequestInit);
    const xhr = FakeXhr.last;
    expect(xhr.headers['apollo-require-preflight']).toBe('true');
    expect(xhr.body).toBe(body);

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(onUploadProgress).toHaveBeenLastCalledWith(0.25);
    xhr.status = 200;
    xhr.responseText = '{"data":{"ok":true}}';
    xhr.onload?.();

    const response = await pending;
    expect(onUploadProgress).toHaveBeenLastCalledWith(1);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).resolves.toEqual({ data: { ok: true } });
  });

  it('should reject on a network failure', async () => {
    const pending = xhrFetch('/graphql', { method: 'POST' });
    FakeXhr.last.onerror?.();
    await expect(pending).rejects.toThrow('La requête a échoué');
  });
});
