import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../modules/auth/auth.resolver';

/** Every resolver class of the schema. */
export const RESOLVERS: NonEmptyArray<Function> = [AuthResolver];
