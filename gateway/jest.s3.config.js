/** The storage-dependent tests again, on S3 object storage (s3rver): npm run test:s3 -w @flaneur/gateway. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const base = require('./jest.config');

module.exports = {
  ...base,
  testMatch: [
    '<rootDir>/src/modules/uploads/**/*.test.ts',
    '<rootDir>/src/modules/properties/properties.uploads.test.ts',
    '<rootDir>/src/modules/properties/properties.rest.test.ts',
    '<rootDir>/src/modules/tenant-files/**/*.test.ts',
    '<rootDir>/src/modules/users/users.test.ts',
    '<rootDir>/src/modules/account/account.deletion.test.ts',
    '<rootDir>/src/storage/s3-storage.test.ts',
    '<rootDir>/src/http/caching.test.ts',
  ],
  globalSetup: '<rootDir>/test/s3-global-setup.ts',
  globalTeardown: '<rootDir>/test/s3-global-teardown.ts',
};
