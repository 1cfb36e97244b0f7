/** The stack suite (npm run test:stack): nginx, 3 built gateways, PostgreSQL, Redis and s3rver under faults. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  // Each file starts a stack of its own (about 1 minute) and runs alone (it owns the two cores meanwhile).
  testTimeout: 120_000,
  maxWorkers: 1,
};
