import { MigrationInterface, QueryRunner } from 'typeorm';

export class WalkJournal1795510979788 implements MigrationInterface {
  name = 'WalkJournal1795510979788';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "walks" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_fix_at" TIMESTAMP WITH TIME ZONE NOT NULL, "distance_m" double precision NOT NULL DEFAULT '0', "fix_count" integer NOT NULL DEFAULT '1', "digest_queued_at" TIMESTAMP WITH TIME ZONE, "digest_sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_47bc5d9670508929ae93517e433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_walks_digest_due" ON "walks"  ("last_fix_at") WHERE "digest_queued_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_walks_user_started" ON "walks"  ("user_id", "started_at") `);
    await queryRunner.query(`ALTER TABLE "history_entries" ADD "discovered_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_history_user_discovered_at" ON "history_entries"  ("user_id", "discovered_at") `);
    await queryRunner.query(`ALTER TABLE "walks" ADD CONSTRAINT "FK_1c54003cff6a4e2841a84d7d276" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // A discovery keeps its time: the first viewed_at, never moved by a later view (a walk's discoveries).
    await queryRunner.query(`UPDATE "history_entries" SET "discovered_at" = "viewed_at"`);
    await queryRunner.query(`CREATE FUNCTION "history_entries_discovered_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."discovered_at" := coalesce(NEW."discovered_at", NEW."viewed_at", now());
  RETURN NEW;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_history_entries_discovered_at" BEFORE INSERT ON "history_entries" FOR EACH ROW EXECUTE FUNCTION "history_entries_discovered_at"()`,
    );
    // Great-circle distance in metres (haversine, mean Earth radius).
    await queryRunner.query(`CREATE FUNCTION "walk_distance_m"(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$`);
    /*
     * Rebuilds one user's walks around new fixes dated from lo to hi: the walks within the gap of that span and the
     * fixes between them are cut again into runs with no gap over 15 minutes. A walk keeps its id and its digest
     * marks (the earliest of the walks merged into it).
     */
    await queryRunner.query(`CREATE FUNCTION "walks_rebuild"(uid int, lo timestamptz, hi timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  gap constant interval := interval '15 minutes';
  a_lo timestamptz;
  a_hi timestamptz;
  kept int[];
BEGIN
  SELECT least(lo, min(started_at)), greatest(hi, max(last_fix_at)) INTO a_lo, a_hi
    FROM walks WHERE user_id = uid AND last_fix_at >= lo - gap AND started_at <= hi + gap;
  WITH f AS (
    SELECT l.id, l."timestamp" AS t, l.latitude::float8 AS lat, l.longitude::float8 AS lng,
      lag(l."timestamp") OVER o AS pt, lag(l.latitude::float8) OVER o AS plat, lag(l.longitude::float8) OVER o AS plng
    FROM user_locations l WHERE l.user_id = uid AND l."timestamp" BETWEEN a_lo AND a_hi
    WINDOW o AS (ORDER BY l."timestamp", l.id)
  ), s AS (
    SELECT f.*, (pt IS NOT NULL AND t - pt <= gap) AS joined,
      sum(CASE WHEN pt IS NULL OR t - pt > gap THEN 1 ELSE 0 END) OVER (ORDER BY t, id) AS seg
    FROM f
  ), g AS (
    SELECT min(t) AS started, max(t) AS last, count(*)::int AS n,
      coalesce(sum(walk_distance_m(plat, plng, lat, lng)) FILTER (WHERE joined), 0) AS dist
    FROM s GROUP BY seg
  ), old AS (
    SELECT id, started_at, last_fix_at, digest_queued_at, digest_sent_at
    FROM walks WHERE user_id = uid AND last_fix_at >= a_lo AND started_at <= a_hi
  ), ins AS (
    INSERT INTO walks AS w (id, user_id, started_at, last_fix_at, distance_m, fix_count, digest_queued_at, digest_sent_at)
    SELECT coalesce(k.id, nextval(pg_get_serial_sequence('walks', 'id'))::int), uid, g.started, g.last, g.dist, g.n,
      k.queued, k.sent
    FROM g CROSS JOIN LATERAL (
      SELECT min(o.id) AS id, min(o.digest_queued_at) AS queued, min(o.digest_sent_at) AS sent
      FROM old o WHERE o.started_at >= g.started AND o.last_fix_at <= g.last) k
    ON CONFLICT (id) DO UPDATE SET started_at = EXCLUDED.started_at, last_fix_at = EXCLUDED.last_fix_at,
      distance_m = EXCLUDED.distance_m, fix_count = EXCLUDED.fix_count,
      digest_queued_at = EXCLUDED.digest_queued_at, digest_sent_at = EXCLUDED.digest_sent_at
    RETURNING id
  )
  SELECT array_agg(id) INTO kept FROM ins;
  DELETE FROM walks WHERE user_id = uid AND last_fix_at >= a_lo AND started_at <= a_hi
    AND id <> ALL(coalesce(kept, '{}'::int[]));
END $$`);
    /*
     * After every INSERT into user_locations (one statement: a live report, a batch, a store-only fix), the new
     * fixes update their user's walks. Nearly every live report is one fix just after the user's latest walk: one
     * UPDATE adds it (its distance from the previous fix). Anything else (a first fix, a gap, a fix older than the
     * walk's end, several fixes) rebuilds the walks around them. One user's fixes are counted one statement at a time.
     */
    await queryRunner.query(`CREATE FUNCTION "walks_record_fixes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gap constant interval := interval '15 minutes';
  total int;
  one_user int;
  u record;
BEGIN
  SELECT count(*), min(user_id) INTO total, one_user FROM new_fixes;
  IF total = 0 THEN RETURN NULL; END IF;
  IF total = 1 THEN
    PERFORM pg_advisory_xact_lock(hashtext('walks'), one_user);
    UPDATE walks w SET last_fix_at = f."timestamp", fix_count = w.fix_count + 1,
      distance_m = w.distance_m + coalesce((
        SELECT walk_distance_m(l.latitude::float8, l.longitude::float8, f.latitude::float8, f.longitude::float8)
        FROM user_locations l
        WHERE l.user_id = f.user_id AND l."timestamp" <= f."timestamp" AND l.id <> f.id
        ORDER BY l."timestamp" DESC, l.id DESC LIMIT 1), 0)
    FROM new_fixes f
    WHERE w.id = (SELECT id FROM walks WHERE user_id = one_user ORDER BY started_at DESC, id DESC LIMIT 1)
      AND w.last_fix_at <= f."timestamp" AND f."timestamp" <= w.last_fix_at + gap;
    IF FOUND THEN RETURN NULL; END IF;
  END IF;
  FOR u IN SELECT user_id, min("timestamp") AS lo, max("timestamp") AS hi
      FROM new_fixes GROUP BY user_id ORDER BY user_id LOOP
    PERFORM pg_advisory_xact_lock(hashtext('walks'), u.user_id);
    PERFORM walks_rebuild(u.user_id, u.lo, u.hi);
  END LOOP;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_locations_walks" AFTER INSERT ON "user_locations" REFERENCING NEW TABLE AS new_fixes FOR EACH STATEMENT EXECUTE FUNCTION "walks_record_fixes"()`,
    );
    // The fixes already kept become walks; their digests are not sent.
    await queryRunner.query(`INSERT INTO walks (user_id, started_at, last_fix_at, distance_m, fix_count, digest_queued_at)
SELECT user_id, min(t), max(t), coalesce(sum(walk_distance_m(plat, plng, lat, lng)) FILTER (WHERE joined), 0), count(*), now()
FROM (
  SELECT f.*, (pt IS NOT NULL AND t - pt <= interval '15 minutes') AS joined,
    sum(CASE WHEN pt IS NULL OR t - pt > interval '15 minutes' THEN 1 ELSE 0 END) OVER (PARTITION BY user_id ORDER BY t, id) AS seg
  FROM (
    SELECT l.id, l.user_id, l."timestamp" AS t, l.latitude::float8 AS lat, l.longitude::float8 AS lng,
      lag(l."timestamp") OVER o AS pt, lag(l.latitude::float8) OVER o AS plat, lag(l.longitude::float8) OVER o AS plng
    FROM user_locations l WINDOW o AS (PARTITION BY l.user_id ORDER BY l."timestamp", l.id)
  ) f
) s GROUP BY user_id, seg`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_user_locations_walks" ON "user_locations"`);
    await queryRunner.query(`DROP FUNCTION "walks_record_fixes"()`);
    await queryRunner.query(`DROP FUNCTION "walks_rebuild"(int, timestamptz, timestamptz)`);
    await queryRunner.query(`DROP FUNCTION "walk_distance_m"(float8, float8, float8, float8)`);
    await queryRunner.query(`DROP TRIGGER "TRG_history_entries_discovered_at" ON "history_entries"`);
    await queryRunner.query(`DROP FUNCTION "history_entries_discovered_at"()`);
    await queryRunner.query(`ALTER TABLE "walks" DROP CONSTRAINT "FK_1c54003cff6a4e2841a84d7d276"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_history_user_discovered_at"`);
    await queryRunner.query(`ALTER TABLE "history_entries" DROP COLUMN "discovered_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_walks_user_started"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_walks_digest_due"`);
    await queryRunner.query(`DROP TABLE "walks"`);
  }
}
