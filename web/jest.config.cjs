/** Jest for the web: jsdom, @swc/jest (TSX, automatic React runtime), the contract read from source. */
module.exports = {
  testEnvironment: '<rootDir>/src/test/jsdom-environment.cjs',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '\\.(svg|png|jpg|jpeg|webp|gif)$': '<rootDir>/src/test/file-stub.cjs',
    '^@flaneur/schema$': '<rootDir>/../schema/src/index.ts',
    // jsdom has no WebGL: the map library and its React bindings are replaced by DOM stand-ins.
    '^maplibre-gl/dist/.*\\?url$': '<rootDir>/src/test/file-stub.cjs',
    '^maplibre-gl$': '<rootDir>/src/modules/map/testing/maplibre-gl.mock.ts',
    '^react-map-gl/maplibre$': '<rootDir>/src/modules/map/testing/react-map-gl.mock.tsx',
    // The Mapbox renderer (built with MAPBOX_ACCESS_TOKEN) gets the same stand-ins.
    '^react-map-gl/mapbox$': '<rootDir>/src/modules/map/testing/react-map-gl.mock.tsx',
    '^mapbox-gl$': '<rootDir>/src/modules/map/testing/maplibre-gl.mock.ts',
    // import.meta.env is Vite-only; the tile URL module is the one place that reads it.
    '/lib/tile-url$': '<rootDir>/src/modules/map/testing/tile-url.mock.ts',
  },
  testMatch: ['**/*.test.ts?(x)'],
  // vite.config.ts defines these at build; the maps render with maplibre-gl unless a test sets a token.
  globals: { __MAPBOX_ACCESS_TOKEN__: '', __MAPBOX_STYLE_URL__: '' },
  clearMocks: true,
  // A whole screen rendered in jsdom, the first of a file paying for its modules, takes seconds on a busy 2-core
  // machine (CI runs the suites beside each other): 5 s timed out there while the test was still passing.
  testTimeout: 15_000,
};
