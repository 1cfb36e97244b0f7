/** The ≤ 400 px thumbnail the gateway stores beside each listing photo. */
export function thumbnailUrl(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp');
}
