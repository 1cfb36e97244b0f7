import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../modules/auth/auth.resolver';

/** Every resolver class of the schema. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [AuthResolver];
