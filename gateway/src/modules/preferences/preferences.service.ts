import { DEFAULT_SEARCH_FILTERS, MSG, TSearchFilters, TSearchFiltersInput, ZSearchFilters } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { User } from '../users/user.entity';
import { UserPreferences } from './user-preferences.entity';

/** Saved search criteria, one row per user. */
export class PreferencesService {
  constructor(private readonly deps: { db: DataSource }) {}

  /** The viewer's criteria, defaults filled in (a new user gets the defaults). */
  async get(viewer: User | null): Promise<TSearchFilters> {
    const me = requireViewer(viewer);
    const row = await this.deps.db.getRepository(UserPreferences).findOneBy({ userId: me.id });
    const parsed = ZSearchFilters.safeParse(row?.searchFilters ?? {});
    return parsed.success ? parsed.data : DEFAULT_SEARCH_FILTERS;
  }

  /** Replaces the viewer's criteria. */
  async save(viewer: User | null, input: TSearchFiltersInput | unknown): Promise<TSearchFilters> {
    const me = requireViewer(viewer);
    // A body without criteria is a client error, not a request to reset them to the defaults.
    if (input === undefined || input === null)
      throw new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { searchFilters: MSG.invalidInput } });
    const filters = validate(ZSearchFilters, input);
    await this.deps.db.query(
      `INSERT INTO user_preferences (user_id, search_filters, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET search_filters = EXCLUDED.search_filters, updated_at = now()`,
      [me.id, JSON.stringify(filters)],
    );
    return filters;
  }
}
