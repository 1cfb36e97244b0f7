import { MSG } from '@flaneur/schema';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../../lib/errors';
import { shownTwinSql } from './same-home';
import { criterionSql } from './criteria.sql';
import { listingPublicSql } from './lib/listing-visibility';
import { applyGeoFilter } from './property-geo';
import { decodeCursor, decodeDistanceCursor, type TPropertyFilter } from './property-filter';
import { Property } from './property.entity';

/**
 * The listing search's statement: one page plus one row, newest first, or nearest first with a geographic filter
 * (then `near_km` is selected); public lists leave out a home's twins shown before it (`own`: the owner's list keeps
 * everything).
 */
export function searchStatement(
  repo: Repository<Property>,
  f: TPropertyFilter,
  first: number,
  after: string | undefined,
  own: boolean,
): SelectQueryBuilder<Property> {
  const qb = repo.createQueryBuilder('p').take(first + 1);
  applyFilter(qb, f);
  const km = applyGeoFilter(qb, f);
  if (!own) {
    qb.andWhere(listingPublicSql('p'));
    // Duplicates merged: a listing leaves the results when a twin of another account, shown before it, is among
    // them — the same filters, on alias d (same-home.ts). The owner's own list keeps everything.
    const twin = qb
      .subQuery()
      .select('1')
      .from(Property, 'd')
      .where(shownTwinSql('p', 'd'))
      .andWhere(listingPublicSql('d'));
    applyFilter(twin, f, 'd');
    applyGeoFilter(twin, f, 'd');
    qb.andWhere(`NOT EXISTS ${twin.getQuery()}`);
  }
  const badCursor = () => new AppError('BAD_USER_INPUT', MSG.invalidInput, { fields: { after: MSG.invalidInput } });
  if (km) {
    qb.addSelect(km, 'near_km').orderBy('near_km', 'ASC').addOrderBy('p.id', 'ASC');
    if (after) {
      const c = decodeDistanceCursor(after);
      if (!c) throw badCursor();
      qb.andWhere(`(${km}, p.id) > (CAST(:afterKm AS float8), :afterId)`, { afterKm: c.km, afterId: c.id });
    }
    return qb;
  }
  qb.orderBy('p.id', 'DESC');
  if (after) {
    const id = decodeCursor(after);
    if (id === null) throw badCursor();
    qb.andWhere('p.id < :after', { after: id });
  }
  return qb;
}

/** The search's filters as conditions on the listing of alias `p` (the search's duplicates read them on `d`). */
function applyFilter(qb: SelectQueryBuilder<Property>, f: TPropertyFilter, p = 'p') {
  if (f.city) qb.andWhere(`lower(${p}.city) = lower(:city)`, { city: f.city });
  if (f.isRental !== undefined) qb.andWhere(`${p}.is_rental = :isRental`, { isRental: f.isRental });
  if (f.types?.length) qb.andWhere(`${p}.type IN (:...types)`, { types: f.types });
  // The criteria's rules (criteria.sql.ts) on TypeORM's named parameters.
  const c = criterionSql;
  if (f.minPrice !== undefined) qb.andWhere(c.atLeast(`${p}.price`, ':minPrice'), { minPrice: f.minPrice });
  if (f.maxPrice !== undefined) qb.andWhere(c.atMost(`${p}.price`, ':maxPrice'), { maxPrice: f.maxPrice });
  if (f.minSize !== undefined) qb.andWhere(c.atLeast(`${p}.size`, ':minSize'), { minSize: f.minSize });
  if (f.maxSize !== undefined) qb.andWhere(c.atMost(`${p}.size`, ':maxSize'), { maxSize: f.maxSize });
  if (f.bedrooms?.length) qb.andWhere(c.bedrooms(`${p}.bedrooms`, ':bedrooms'), { bedrooms: f.bedrooms });
  if (f.minRooms !== undefined) qb.andWhere(c.roomsAtLeast(`${p}.rooms`, ':minRooms'), { minRooms: f.minRooms });
  if (f.features?.length) qb.andWhere(c.features(`${p}.features`, ':features'), { features: f.features });
  if (f.energyMax) qb.andWhere(c.energy(`${p}.dpe_rating`, ':energyMax'), { energyMax: f.energyMax });
  if (f.minLatitude !== undefined) qb.andWhere(`${p}.latitude >= :minLat`, { minLat: f.minLatitude });
  if (f.maxLatitude !== undefined) qb.andWhere(`${p}.latitude <= :maxLat`, { maxLat: f.maxLatitude });
  if (f.minLongitude !== undefined) qb.andWhere(`${p}.longitude >= :minLng`, { minLng: f.minLongitude });
  if (f.maxLongitude !== undefined) qb.andWhere(`${p}.longitude <= :maxLng`, { maxLng: f.maxLongitude });
  if (f.ownerId !== undefined) qb.andWhere(`${p}.owner_id = :ownerId`, { ownerId: f.ownerId });
}
