/** Jest stand-in for maplibre-gl: jsdom has no WebGL, and the map components are replaced too. */
export function setWorkerUrl(): void {}
export default {};
