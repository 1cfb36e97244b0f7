import { signedInUser } from '../../../test/factories';
import { unique, useGateway } from '../../../test/gateway';
import { gql } from '../../../test/graphql';

/*
 * The nearest listings first, whatever plan the database picks: once it has statistics and the walker a long
 * history, PostgreSQL may join the history the other way round (a hash right anti join) and hand the candidates on
 * in another order; the scan's LIMIT then kept listings that were not the nearest.
 */

const gw = useGateway({ startOutbox: false });

const REPORT = `mutation ($lat: Float!, $lng: Float!) {
  reportLocation(latitude: $lat, longitude: $lng, accuracy: 10) { newDiscoveries { id } }
}`;

it('should discover the 20 nearest listings of a walker with a long history, after ANALYZE', async () => {
  const { agent, user } = await signedInUser(gw);
  const at = { latitude: 44.1, longitude: -1.2 };
  const city = unique('Ordreville');
  // 120 listings within ~1 km, their ids in no relation to their distance; 7,880 far away, 1,500 of them seen.
  const rows: { id: number; km: number; seen: boolean }[] = await gw.db.query(
    `WITH pts AS (
       SELECT g, (g > 120) AS seen,
              $2::float8 + (CASE WHEN g > 120 THEN 2 ELSE 0.009 END) * sin(g * 7.7) * ((g * 37) % 101) / 101.0 AS lat,
              $3::float8 + (CASE WHEN g > 120 THEN 2 ELSE 0.012 END) * cos(g * 7.7) * ((g * 53) % 97) / 97.0 AS lng
       FROM generate_series(1, 8000) g)
     INSERT INTO properties (title, description, price, size, rooms, bedrooms, bathrooms, address, city, postal_code,
       latitude, longitude, images, owner_name, owner_email, owner_phone)
     SELECT 'Annonce ' || g, 'Description', 300000, 50, 3, 2, 1, g || ' rue de l''Ordre', $1, '40000', lat, lng,
       '{/uploads/listings/x.webp}', 'Test', 'test@example.fr', '0600000000'
     FROM pts ORDER BY g
     RETURNING id, seen_km(latitude, longitude) AS km, false AS seen`.replace(
      'seen_km(latitude, longitude)',
      `6371 * 2 * asin(sqrt(power(sin(radians(latitude::float8 - $2) / 2), 2)
         + cos(radians($2)) * cos(radians(latitude::float8)) * power(sin(radians(longitude::float8 - $3) / 2), 2)))`,
    ),
    [city, at.latitude, at.longitude],
  );
  const seen = rows.slice(120, 1620).map((r) => r.id);
  await gw.db.query(`INSERT INTO history_entries (user_id, property_id, source) SELECT $1, unnest($2::int[]), 'walk'`, [
    user.id,
    seen,
  ]);
  await gw.db.query('ANALYZE');
  const res = await gql(agent, REPORT, { lat: at.latitude, lng: at.longitude });
  expect(res.errors).toBeUndefined();
  const got = res.data!.reportLocation.newDiscoveries.map((d: { id: string }) => Number(d.id));
  const nearest = rows
    .slice(0, 120)
    .filter((r) => r.km <= 5)
    .sort((a, b) => a.km - b.km || a.id - b.id)
    .slice(0, 20)
    .map((r) => r.id);
  expect(got).toEqual(nearest);
});
