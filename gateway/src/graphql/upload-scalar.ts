import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';

/** The multipart Upload scalar (graphql-upload), for uploadPropertyImages, uploadProfilePicture, uploadTenantFile. */
export const UploadScalar = GraphQLUpload;
export type { FileUpload } from 'graphql-upload/processRequest.mjs';
