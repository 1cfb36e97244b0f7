/**
 * Opens a panel's reference as its QR code does: a full navigation to /p/{ref}, where the gateway records the
 * discovery and redirects to the listing (or shows the not-found screen).
 */
export function openPanel(ref: string): void {
  window.location.assign(`/p/${encodeURIComponent(ref)}`);
}
