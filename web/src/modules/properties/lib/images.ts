/** The ≤ 400 px thumbnail the server makes next to each WebP photo (docs/decisions.md#listings-and-uploads). */
export function thumbnailUrl(url: string): string {
  return url.replace(/\.webp$/, '-thumb.webp');
}
