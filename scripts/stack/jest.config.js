/** The stack suite (npm run test:stack): nginx, 3 built gateways, PostgreSQL, Redis and s3rver under faults. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest'] },
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  // The whole suite has 5 minutes; one test file, run alone (it owns the machine's two cores meanwhile).
  testTimeout: 120_000,
  maxWorkers: 1,
};
