// apollo-upload-client ships JSDoc-typed .mjs only; this declares the one class the app uses.
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';

  /** Options of UploadHttpLink (a subset of HttpLink's, plus a custom fetch). */
  export interface UploadHttpLinkOptions {
    uri?: string;
    fetch?: (input: string, init: RequestInit) => Promise<Response>;
    fetchOptions?: RequestInit;
    credentials?: RequestCredentials;
    headers?: Record<string, string>;
  }

  /** Terminating link sending a GraphQL multipart request when the variables hold files. */
  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: UploadHttpLinkOptions);
  }
}
