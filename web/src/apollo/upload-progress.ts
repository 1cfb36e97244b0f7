/** Upload progress as a fraction from 0 to 1. */
export type UploadProgressHandler = (fraction: number) => void;

/**
 * Mutation context carrying an upload progress callback. Apollo passes `fetchOptions` of the
 * context down to the fetch of the upload link (./upload.ts), which reports `xhr.upload.onprogress`.
 */
export function uploadProgressContext(onProgress: UploadProgressHandler) {
  return { fetchOptions: { onUploadProgress: onProgress } };
}
