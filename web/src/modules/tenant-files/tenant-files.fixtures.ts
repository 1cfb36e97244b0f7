import type { TenantFileFieldsFragment } from '../../gql/graphql';

/** A document of the tenant folder as the gateway answers it. */
export function buildTenantFile(
  overrides: Partial<TenantFileFieldsFragment> = {},
): TenantFileFieldsFragment & { __typename: 'TenantFile' } {
  return {
    __typename: 'TenantFile',
    id: '3',
    title: 'Bulletin de mars',
    description: null,
    fileType: 'payslip',
    fileUrl: '/api/tenant-files/3/download',
    originalName: 'mars.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 1024,
    verified: true,
    uploadedAt: '2025-03-04T08:00:00.000Z',
    ...overrides,
  };
}
