import { DEFAULT_SEARCH_FILTERS, MSG, TSearchFilters, TSearchFiltersInput, ZSearchFilters } from '@flaneur/schema';
import type { DataSource } from 'typeorm';
import { AppError } from '../../lib/errors';
import type { UserStateCache } from '../auth/user-state-cache';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import type { User } from '../users/user.entity';
import { UserPreferences } from './user-preferences.entity';

/** Saved search criteria, one row per user. */
export class PreferencesService {
  /** Criteria by user, served for a few seconds while the user's generation is unchanged (each position report reads them). */
  private readonly cached;

  constructor(private readonly deps: { db: DataSource; userState?: UserStateCache }) {
    this.cached = deps.userState?.table<number, TSearchFilters>();
  }

  /** The viewer's criteria, defaults filled in (a new user gets the defaults). */
  async get(viewer: User | null): Promise<TSearchFilters> {
    const me = requireViewer(viewer);
    const stamp = this.deps.userState ? await this.deps.userState.stamp(me.id, me) : null;
    const hit = this.cached?.get(me.id, stamp);
    if (hit) return copyFilters(hit);
    const row = await this.deps.db.getRepository(UserPreferences).findOneBy({ userId: me.id });
    const parsed = ZSearchFilters.safeParse(row?.searchFilters ?? {});
    const filters = parsed.success ? parsed.data : DEFAULT_SEARCH_FILTERS;
    this.cached?.set(me.id, copyFilters(filters), stamp);
    return filters;
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
    // Every instance reads the new criteria from the next report on.
    await this.deps.userState?.bump(me.id);
    return filters;
  }
}

/** A copy a caller may change without touching the cached criteria. */
const copyFilters = (f: TSearchFilters): TSearchFilters => ({
  ...f,
  bedrooms: [...f.bedrooms],
  bathrooms: [...f.bathrooms],
  features: [...f.features],
  zone: f.zone && f.zone.map((p) => ({ ...p })),
});
