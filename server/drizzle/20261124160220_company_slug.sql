ALTER TABLE "companies" ADD COLUMN "slug" text DEFAULT ('company-' || substr(md5(gen_random_uuid()::text), 1, 12)) NOT NULL;--> statement-breakpoint
-- backfill: the business name in lower-case ASCII with dashes (3-60 chars); the older company of a
-- clash keeps the plain slug, later ones get a piece of their id
WITH base AS (
  SELECT "id", "created_at",
    trim(both '-' from substr(trim(both '-' from regexp_replace(
      translate(lower("business_name"), 'áàâäãåéèêëíìîïóòôöõúùûüñçý', 'aaaaaaeeeeiiiiooooouuuuncy'),
      '[^a-z0-9]+', '-', 'g')), 1, 50)) AS "s"
  FROM "companies"
), named AS (
  SELECT "id", "created_at", CASE WHEN length("s") >= 3 THEN "s" ELSE 'company' END AS "s" FROM base
), ranked AS (
  SELECT "id", "s", row_number() OVER (PARTITION BY "s" ORDER BY "created_at", "id") AS "n" FROM named
)
UPDATE "companies" c
SET "slug" = CASE WHEN r."n" = 1 THEN r."s" ELSE r."s" || '-' || substr(replace(c."id"::text, '-', ''), 1, 8) END
FROM ranked r WHERE r."id" = c."id";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_key" ON "companies" USING btree ("slug");
