/** Gateway tests: through GraphQL and REST on a migrated database (embedded, or TEST_DATABASE_URL). */
const esmPackages = [
  'graphql-upload',
  'fs-capacitor',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
];
// Tests that need Redis (two gateway instances sharing events) run when TEST_REDIS_URL is set; CI sets it.
const withRedis = Boolean(process.env.TEST_REDIS_URL);
if (!withRedis)
  console.log('[tests] TEST_REDIS_URL unset: the Redis multi-instance tests (*.redis.test.ts) are not run.');

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(withRedis ? [] : ['\\.redis\\.test\\.ts$'])],
  transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest'] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // file-type exposes its Node entry only to import/module-sync (Node's require(esm)); swc turns it into CJS here.
    '^file-type$': '<rootDir>/../node_modules/file-type/index.js',
    '^@flaneur/schema$': '<rootDir>/../schema/src/index.ts',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
