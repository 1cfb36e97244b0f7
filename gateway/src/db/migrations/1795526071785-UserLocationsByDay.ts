import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Position fixes partitioned by day (UTC) of their time, so that the 30-day purge drops a whole day's table
 * instead of deleting its rows. Days are created ahead by user_locations_add_days() (here for yesterday to a week
 * ahead, then by the hourly maintenance); a fix dated outside the days created (a clock far off, a fix older than
 * the install) lands in the default partition, which the purge empties row by row. A unique index of a partitioned
 * table holds the partition key: a fix is stored once per user, key and time (the INSERT itself refuses a key the
 * user stored at another time within a day, and a batch checks its keys first).
 */
export class UserLocationsByDay1795526071785 implements MigrationInterface {
  name = 'UserLocationsByDay1795526071785';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_user_locations_walks" ON "user_locations"`);
    await queryRunner.query(`ALTER SEQUENCE "user_locations_id_seq" OWNED BY NONE`);
    await queryRunner.query(`CREATE TABLE "user_locations_by_day" ("id" integer NOT NULL DEFAULT nextval('"user_locations_id_seq"'), "user_id" integer NOT NULL, "latitude" numeric(10,7) NOT NULL, "longitude" numeric(10,7) NOT NULL, "accuracy" numeric(10,2), "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL, "client_id" uuid) PARTITION BY RANGE ("timestamp")`);
    await queryRunner.query(`CREATE TABLE "user_locations_default" PARTITION OF "user_locations_by_day" DEFAULT`);
    await queryRunner.query(`INSERT INTO "user_locations_by_day" ("id", "user_id", "latitude", "longitude", "accuracy", "timestamp", "client_id")
SELECT "id", "user_id", "latitude", "longitude", "accuracy", "timestamp", "client_id" FROM "user_locations"`);
    await queryRunner.query(`DROP TABLE "user_locations"`);
    await queryRunner.query(`ALTER TABLE "user_locations_by_day" RENAME TO "user_locations"`);
    await queryRunner.query(`ALTER SEQUENCE "user_locations_id_seq" OWNED BY "user_locations"."id"`);
    await queryRunner.query(`ALTER TABLE "user_locations" ADD CONSTRAINT "PK_6aea0be4e67f1ff3d0ef285f334" PRIMARY KEY ("id", "timestamp")`);
    await queryRunner.query(`CREATE INDEX "IDX_2479a31e6de4739601e37f21dd" ON "user_locations"  ("timestamp") `);
    await queryRunner.query(`CREATE INDEX "IDX_user_locations_user_timestamp" ON "user_locations"  ("user_id", "timestamp") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_locations_user_client_time" ON "user_locations"  ("user_id", "client_id", "timestamp") WHERE "client_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "user_locations" ADD CONSTRAINT "FK_437edca703095b237b5bdb35e22" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    /*
     * Creates the day tables user_locations_YYYYMMDD from first_day to last_day (UTC days) that do not exist yet,
     * each with the fixes of its day moved out of the default partition; answers how many it created. Callers on
     * several gateways take turns.
     */
    await queryRunner.query(`CREATE FUNCTION "user_locations_add_days"(first_day date, last_day date) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  d date;
  day_table text;
  lo timestamptz;
  hi timestamptz;
  added int := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('user_locations_days'));
  FOR d IN SELECT generate_series(first_day, last_day, interval '1 day')::date LOOP
    day_table := 'user_locations_' || to_char(d, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(quote_ident(day_table)) IS NOT NULL;
    lo := d::timestamp AT TIME ZONE 'UTC';
    hi := (d + 1)::timestamp AT TIME ZONE 'UTC';
    EXECUTE format('CREATE TABLE %I (LIKE "user_locations" INCLUDING DEFAULTS)', day_table);
    EXECUTE format('WITH moved AS (DELETE FROM "user_locations_default" WHERE "timestamp" >= %L AND "timestamp" < %L RETURNING *)
      INSERT INTO %I SELECT * FROM moved', lo, hi, day_table);
    EXECUTE format('ALTER TABLE "user_locations" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', day_table, lo, hi);
    added := added + 1;
  END LOOP;
  RETURN added;
END $$`);
    /* Drops the day tables whose whole day is before the cutoff; answers how many. */
    await queryRunner.query(`CREATE FUNCTION "user_locations_drop_days"(cutoff timestamptz) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  day_table text;
  dropped int := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('user_locations_days'));
  FOR day_table IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = '"user_locations"'::regclass AND c.relname ~ '^user_locations_[0-9]{8}$'
        AND (to_date(right(c.relname, 8), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= cutoff
      ORDER BY c.relname LOOP
    EXECUTE format('DROP TABLE %I', day_table);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END $$`);
    await queryRunner.query(`SELECT "user_locations_add_days"((greatest(
      (SELECT min("timestamp") FROM "user_locations"), now() - interval '30 days') AT TIME ZONE 'UTC')::date,
      (now() AT TIME ZONE 'UTC')::date + 7)`);
    /*
     * A walk keeps the position of its last fix while its fixes are kept (the purge clears it with them): the
     * trigger's one-fix path adds the distance from it without reading the fixes (on the day tables, any read of
     * user_locations from the trigger's cached plan locks every day kept). Walks are rebuilt with it.
     */
    await queryRunner.query(`ALTER TABLE "walks" ADD "last_latitude" double precision`);
    await queryRunner.query(`ALTER TABLE "walks" ADD "last_longitude" double precision`);
    await queryRunner.query(`CREATE INDEX "IDX_walks_positioned" ON "walks"  ("last_fix_at") WHERE "last_latitude" IS NOT NULL`);
    await queryRunner.query(`UPDATE "walks" w SET ("last_latitude", "last_longitude") = (
  SELECT l.latitude::float8, l.longitude::float8 FROM "user_locations" l
  WHERE l.user_id = w.user_id AND l."timestamp" = w.last_fix_at ORDER BY l.id DESC LIMIT 1)`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "walks_rebuild"(uid int, lo timestamptz, hi timestamptz) RETURNS void
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
      coalesce(sum(walk_distance_m(plat, plng, lat, lng)) FILTER (WHERE joined), 0) AS dist,
      (array_agg(lat ORDER BY t DESC, id DESC))[1] AS last_lat, (array_agg(lng ORDER BY t DESC, id DESC))[1] AS last_lng
    FROM s GROUP BY seg
  ), old AS (
    SELECT id, started_at, last_fix_at, digest_queued_at, digest_sent_at
    FROM walks WHERE user_id = uid AND last_fix_at >= a_lo AND started_at <= a_hi
  ), ins AS (
    INSERT INTO walks AS w (id, user_id, started_at, last_fix_at, distance_m, fix_count, digest_queued_at, digest_sent_at,
      last_latitude, last_longitude)
    SELECT coalesce(k.id, nextval(pg_get_serial_sequence('walks', 'id'))::int), uid, g.started, g.last, g.dist, g.n,
      k.queued, k.sent, g.last_lat, g.last_lng
    FROM g CROSS JOIN LATERAL (
      SELECT min(o.id) AS id, min(o.digest_queued_at) AS queued, min(o.digest_sent_at) AS sent
      FROM old o WHERE o.started_at >= g.started AND o.last_fix_at <= g.last) k
    ON CONFLICT (id) DO UPDATE SET started_at = EXCLUDED.started_at, last_fix_at = EXCLUDED.last_fix_at,
      distance_m = EXCLUDED.distance_m, fix_count = EXCLUDED.fix_count,
      digest_queued_at = EXCLUDED.digest_queued_at, digest_sent_at = EXCLUDED.digest_sent_at,
      last_latitude = EXCLUDED.last_latitude, last_longitude = EXCLUDED.last_longitude
    RETURNING id
  )
  SELECT array_agg(id) INTO kept FROM ins;
  DELETE FROM walks WHERE user_id = uid AND last_fix_at >= a_lo AND started_at <= a_hi
    AND id <> ALL(coalesce(kept, '{}'::int[]));
END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "walks_record_fixes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      distance_m = w.distance_m + coalesce(walk_distance_m(w.last_latitude, w.last_longitude,
        f.latitude::float8, f.longitude::float8), 0),
      last_latitude = f.latitude::float8, last_longitude = f.longitude::float8
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
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_user_locations_walks" ON "user_locations"`);
    await queryRunner.query(`ALTER SEQUENCE "user_locations_id_seq" OWNED BY NONE`);
    await queryRunner.query(`CREATE TABLE "user_locations_single" ("id" integer NOT NULL DEFAULT nextval('"user_locations_id_seq"'), "user_id" integer NOT NULL, "latitude" numeric(10,7) NOT NULL, "longitude" numeric(10,7) NOT NULL, "accuracy" numeric(10,2), "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL, "client_id" uuid)`);
    await queryRunner.query(`INSERT INTO "user_locations_single" SELECT "id", "user_id", "latitude", "longitude", "accuracy", "timestamp", "client_id" FROM "user_locations"`);
    await queryRunner.query(`DROP FUNCTION "user_locations_drop_days"(timestamptz)`);
    await queryRunner.query(`DROP FUNCTION "user_locations_add_days"(date, date)`);
    await queryRunner.query(`DROP TABLE "user_locations"`);
    await queryRunner.query(`ALTER TABLE "user_locations_single" RENAME TO "user_locations"`);
    await queryRunner.query(`ALTER SEQUENCE "user_locations_id_seq" OWNED BY "user_locations"."id"`);
    await queryRunner.query(`ALTER TABLE "user_locations" ADD CONSTRAINT "PK_4afd5dae13173e88183db3cd210" PRIMARY KEY ("id")`);
    await queryRunner.query(`CREATE INDEX "IDX_2479a31e6de4739601e37f21dd" ON "user_locations"  ("timestamp") `);
    await queryRunner.query(`CREATE INDEX "IDX_user_locations_user_timestamp" ON "user_locations"  ("user_id", "timestamp") `);
    // Keys stored twice at different times (allowed by the day tables) keep their earliest fix.
    await queryRunner.query(`DELETE FROM "user_locations" l USING "user_locations" o
WHERE l."client_id" IS NOT NULL AND o."user_id" = l."user_id" AND o."client_id" = l."client_id" AND o."id" < l."id"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_locations_user_client" ON "user_locations"  ("user_id", "client_id") WHERE "client_id" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "user_locations" ADD CONSTRAINT "FK_437edca703095b237b5bdb35e22" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    // The walk functions as they were (migration WalkJournal), without the last position.
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "walks_rebuild"(uid int, lo timestamptz, hi timestamptz) RETURNS void
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
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "walks_record_fixes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(`DROP INDEX "public"."IDX_walks_positioned"`);
    await queryRunner.query(`ALTER TABLE "walks" DROP COLUMN "last_longitude"`);
    await queryRunner.query(`ALTER TABLE "walks" DROP COLUMN "last_latitude"`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_user_locations_walks" AFTER INSERT ON "user_locations" REFERENCING NEW TABLE AS new_fixes FOR EACH STATEMENT EXECUTE FUNCTION "walks_record_fixes"()`,
    );
  }
}
