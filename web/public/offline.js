/* global window */
// The offline page (offline.html) reloads the address that failed as soon as the network is back.
window.addEventListener('online', () => window.location.reload());
