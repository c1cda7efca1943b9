-- Issue 11: a component type belongs to a company (the provider's are shared with every company) and
-- its magnitude and measure type are choices (contracts/src/component-types.ts). The types written
-- before belong to the provider company; their free text is matched, ignoring case, accents, spaces
-- and punctuation, against the keys and the aliases below. Anything else becomes 'level' (the
-- magnitude this product measures first) or 'other', with a history entry (by the system, action
-- 'migrate') naming the old text.
DROP INDEX "component_types_name_lower_key";--> statement-breakpoint
ALTER TABLE "component_types" ADD COLUMN "company_id" uuid;--> statement-breakpoint
-- create-admin and the demo seed always make the provider company; this only covers a database
-- that somehow has types and no provider
INSERT INTO "companies" ("business_name", "is_provider")
SELECT 'Provider', true
WHERE EXISTS (SELECT 1 FROM "component_types")
  AND NOT EXISTS (SELECT 1 FROM "companies" WHERE "is_provider" AND "deleted_at" IS NULL);--> statement-breakpoint
UPDATE "component_types" SET "company_id" = (
  SELECT "id" FROM "companies" WHERE "is_provider" AND "deleted_at" IS NULL ORDER BY "created_at", "id" LIMIT 1
);--> statement-breakpoint
CREATE TEMPORARY TABLE "type_aliases" ("field" text, "alias" text, "value" text NOT NULL, PRIMARY KEY ("field", "alias"));--> statement-breakpoint
INSERT INTO "type_aliases" ("field", "alias", "value") VALUES
  ('magnitude', 'mass', 'mass'), ('magnitude', 'masa', 'mass'), ('magnitude', 'peso', 'mass'),
  ('magnitude', 'weight', 'mass'),
  ('magnitude', 'time', 'time'), ('magnitude', 'tiempo', 'time'), ('magnitude', 'duration', 'time'),
  ('magnitude', 'duracion', 'time'),
  ('magnitude', 'force', 'force'), ('magnitude', 'fuerza', 'force'),
  ('magnitude', 'distance', 'distance'), ('magnitude', 'distancia', 'distance'),
  ('magnitude', 'length', 'distance'), ('magnitude', 'longitud', 'distance'),
  ('magnitude', 'level', 'level'), ('magnitude', 'nivel', 'level'), ('magnitude', 'altura', 'level'),
  ('magnitude', 'height', 'level'), ('magnitude', 'calado', 'level'), ('magnitude', 'stage', 'level'),
  ('magnitude', 'velocity', 'velocity'), ('magnitude', 'velocidad', 'velocity'),
  ('magnitude', 'speed', 'velocity'),
  ('magnitude', 'acceleration', 'acceleration'), ('magnitude', 'aceleracion', 'acceleration'),
  ('magnitude', 'precipitation', 'precipitation'), ('magnitude', 'precipitacion', 'precipitation'),
  ('magnitude', 'lluvia', 'precipitation'), ('magnitude', 'rain', 'precipitation'),
  ('magnitude', 'rainfall', 'precipitation'), ('magnitude', 'pluviometria', 'precipitation'),
  ('magnitude', 'pressure', 'pressure'), ('magnitude', 'presion', 'pressure'),
  ('magnitude', 'flowrate', 'flow_rate'), ('magnitude', 'flow', 'flow_rate'),
  ('magnitude', 'caudal', 'flow_rate'), ('magnitude', 'discharge', 'flow_rate'),
  ('magnitude', 'volume', 'flow_rate'), ('magnitude', 'volumen', 'flow_rate'),
  ('measureType', 'pressure', 'pressure'), ('measureType', 'presion', 'pressure'),
  ('measureType', 'hydrostatic', 'pressure'), ('measureType', 'hidrostatico', 'pressure'),
  ('measureType', 'piezometrico', 'pressure'), ('measureType', 'piezorresistivo', 'pressure'),
  ('measureType', 'piezoresistive', 'pressure'),
  ('measureType', 'current420', 'current_4_20'), ('measureType', '420', 'current_4_20'),
  ('measureType', '420ma', 'current_4_20'), ('measureType', '4a20ma', 'current_4_20'),
  ('measureType', 'current', 'current_4_20'), ('measureType', 'corriente', 'current_4_20'),
  ('measureType', 'corriente420ma', 'current_4_20'), ('measureType', 'current420ma', 'current_4_20'),
  ('measureType', 'ultrasonic', 'ultrasonic'), ('measureType', 'ultrasonico', 'ultrasonic'),
  ('measureType', 'ultrasonido', 'ultrasonic'), ('measureType', 'ultrasonidos', 'ultrasonic'),
  ('measureType', 'radar', 'radar'),
  ('measureType', 'pulse', 'pulse'), ('measureType', 'pulses', 'pulse'), ('measureType', 'pulso', 'pulse'),
  ('measureType', 'pulsos', 'pulse'),
  ('measureType', 'voltage010', 'voltage_0_10'), ('measureType', '010v', 'voltage_0_10'),
  ('measureType', '0a10v', 'voltage_0_10'), ('measureType', 'voltage', 'voltage_0_10'),
  ('measureType', 'voltaje', 'voltage_0_10'), ('measureType', 'tension', 'voltage_0_10'),
  ('measureType', 'sdi12', 'sdi12'),
  ('measureType', 'modbus', 'modbus'), ('measureType', 'modbusrtu', 'modbus'), ('measureType', 'rs485', 'modbus'),
  ('measureType', 'float', 'float'), ('measureType', 'flotador', 'float'), ('measureType', 'boya', 'float'),
  ('measureType', 'encoder', 'float'), ('measureType', 'shaftencoder', 'float'),
  ('measureType', 'tippingbucket', 'tipping_bucket'), ('measureType', 'balancin', 'tipping_bucket'),
  ('measureType', 'cazoleta', 'tipping_bucket'), ('measureType', 'cangilon', 'tipping_bucket'),
  ('measureType', 'electromagnetic', 'electromagnetic'), ('measureType', 'electromagnetico', 'electromagnetic'),
  ('measureType', 'magnetic', 'electromagnetic'), ('measureType', 'magflow', 'electromagnetic'),
  ('measureType', 'other', 'other'), ('measureType', 'otro', 'other'), ('measureType', 'otros', 'other');--> statement-breakpoint
-- the key of a free text: lower case, accents off, letters and digits only
CREATE TEMPORARY TABLE "type_mapping" AS
SELECT t."id", t."company_id", t."magnitude", t."measure_type",
  (SELECT a."value" FROM "type_aliases" a WHERE a."field" = 'magnitude' AND a."alias" =
    regexp_replace(translate(lower(t."magnitude"), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc'), '[^a-z0-9]', '', 'g')
  ) AS "new_magnitude",
  (SELECT a."value" FROM "type_aliases" a WHERE a."field" = 'measureType' AND a."alias" =
    regexp_replace(translate(lower(t."measure_type"), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc'), '[^a-z0-9]', '', 'g')
  ) AS "new_measure_type"
FROM "component_types" t;--> statement-breakpoint
INSERT INTO "log_entries" ("user_id", "company_id", "entity_type", "entity_id", "action", "changes")
SELECT NULL, m."company_id", 'component_type', m."id"::text, 'migrate',
  CASE WHEN m."new_magnitude" IS NULL THEN jsonb_build_object('magnitude', jsonb_build_array(m."magnitude", 'level')) ELSE '{}'::jsonb END
  || CASE WHEN m."new_measure_type" IS NULL THEN jsonb_build_object('measureType', jsonb_build_array(m."measure_type", 'other')) ELSE '{}'::jsonb END
FROM "type_mapping" m
WHERE m."new_magnitude" IS NULL OR m."new_measure_type" IS NULL;--> statement-breakpoint
UPDATE "component_types" t
SET "magnitude" = coalesce(m."new_magnitude", 'level'), "measure_type" = coalesce(m."new_measure_type", 'other')
FROM "type_mapping" m
WHERE m."id" = t."id";--> statement-breakpoint
DROP TABLE "type_mapping";--> statement-breakpoint
DROP TABLE "type_aliases";--> statement-breakpoint
ALTER TABLE "component_types" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "component_types_company_name_lower_key" ON "component_types" USING btree ("company_id",lower("name"));
