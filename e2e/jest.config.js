/**
 * The end-to-end suite: real Chromium (playwright-core) against the built app served by the gateway,
 * started once for the whole run (support/global-setup.ts). Journeys run one after another.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/journeys/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { swcrc: false, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // The journeys read the product's texts from the contract's source, as the web's tests do.
  moduleNameMapper: { '^@flaneur/schema$': '<rootDir>/../schema/src/index.ts' },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  // A journey is a whole user story in a real browser: minutes, not seconds, when the machine is slow.
  testTimeout: 180000,
  maxWorkers: 1,
  // Screenshots and the server log land in test-results/ (see support/screenshots.ts).
  verbose: true,
};
