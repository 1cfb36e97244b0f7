/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}": typeof types.ForgotPasswordDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.LoginDocument,
    "mutation Logout {\n  logout\n}": typeof types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": typeof types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.RegisterDocument,
    "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}": typeof types.ResetPasswordDocument,
    "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  isVerified\n  lastLoginAt\n  createdAt\n}": typeof types.SessionUserFragmentDoc,
};
const documents: Documents = {
    "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}": types.ForgotPasswordDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}": types.LoginDocument,
    "mutation Logout {\n  logout\n}": types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": types.MeDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}": types.RegisterDocument,
    "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}": types.ResetPasswordDocument,
    "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  isVerified\n  lastLoginAt\n  createdAt\n}": types.SessionUserFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}"): (typeof documents)["mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout\n}"): (typeof documents)["mutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    ...SessionUser\n  }\n}"): (typeof documents)["query Me {\n  me {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}"): (typeof documents)["mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  isVerified\n  lastLoginAt\n  createdAt\n}"): (typeof documents)["fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  isVerified\n  lastLoginAt\n  createdAt\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;