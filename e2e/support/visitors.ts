/**
 * Each browser context and each API helper call comes from an address of its own, as visitors do: the e2e gateway
 * stands behind a proxy that names the client (TRUST_PROXY=1, as nginx in production), so the per-address throttles
 * (50 registrations an hour, the logins…) count each visitor, not the whole suite from 127.0.0.1. Addresses are
 * drawn in the documentation ranges (RFC 5737), never routed.
 */
export function visitorAddress(): string {
  const range = Math.random() < 0.5 ? '198.51.100' : '203.0.113';
  return `${range}.${1 + Math.floor(Math.random() * 254)}`;
}

/** The header that names a visitor's address to the gateway. */
export const visitorHeaders = () => ({ 'x-forwarded-for': visitorAddress() });
