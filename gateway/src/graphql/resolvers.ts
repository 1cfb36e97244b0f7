import type { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { FavoritesResolver } from '../modules/favorites/favorites.resolver';
import { HistoryResolver } from '../modules/history/history.resolver';
import { PreferencesResolver } from '../modules/preferences/preferences.resolver';
import { PropertiesResolver } from '../modules/properties/properties.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import { VisitRequestsResolver } from '../modules/visit-requests/visit-requests.resolver';

/** Every resolver class of the schema. */
export const RESOLVERS: NonEmptyArray<Function> = [
  AuthResolver,
  UsersResolver,
  PropertiesResolver,
  FavoritesResolver,
  HistoryResolver,
  PreferencesResolver,
  VisitRequestsResolver,
];
