-- Issue 11: a point's unit is a symbol of the units catalogue (contracts/src/units.ts). Free text
-- written before is matched, ignoring case and spaces, against the symbols and the aliases below;
-- anything else becomes 'm' and leaves a history entry (by the system, action 'migrate') naming
-- the old unit, so nothing is lost silently. Every key is lower case without spaces.
CREATE TEMPORARY TABLE "unit_aliases" ("alias" text PRIMARY KEY, "symbol" text NOT NULL);--> statement-breakpoint
INSERT INTO "unit_aliases" ("alias", "symbol") VALUES
  -- the catalogue's own symbols
  ('kg', 'kg'), ('g', 'g'), ('t', 't'), ('s', 's'), ('min', 'min'), ('h', 'h'), ('n', 'N'), ('kn', 'kN'),
  ('m', 'm'), ('cm', 'cm'), ('mm', 'mm'), ('km', 'km'), ('m/s', 'm/s'), ('cm/s', 'cm/s'),
  ('km/h', 'km/h'), ('m/s²', 'm/s²'), ('mm/10min', 'mm/10min'), ('mm/15min', 'mm/15min'),
  ('mm/h', 'mm/h'), ('bar', 'bar'), ('mbar', 'mbar'), ('kpa', 'kPa'), ('pa', 'Pa'), ('psi', 'psi'),
  ('mh₂o', 'mH₂O'), ('m³/s', 'm³/s'), ('l/s', 'L/s'), ('m³/h', 'm³/h'), ('l/min', 'L/min'), ('m³', 'm³'),
  -- words and spellings seen in free text
  ('m.', 'm'), ('mts', 'm'), ('metro', 'm'), ('metros', 'm'), ('meter', 'm'), ('meters', 'm'),
  ('metre', 'm'), ('metres', 'm'), ('msnm', 'm'), ('m.s.n.m.', 'm'), ('masl', 'm'), ('m.a.s.l.', 'm'),
  ('cms', 'cm'), ('centimetros', 'cm'), ('centímetros', 'cm'), ('mm.', 'mm'), ('milimetros', 'mm'),
  ('milímetros', 'mm'), ('sec', 's'), ('seg', 's'), ('segundos', 's'), ('seconds', 's'),
  ('mins', 'min'), ('minutos', 'min'), ('minutes', 'min'), ('hr', 'h'), ('hrs', 'h'), ('hora', 'h'),
  ('horas', 'h'), ('hours', 'h'), ('kgs', 'kg'), ('tn', 't'), ('m/s2', 'm/s²'), ('m/s^2', 'm/s²'),
  ('mm/hr', 'mm/h'), ('mm/hora', 'mm/h'), ('mb', 'mbar'), ('hpa', 'mbar'),
  ('mh2o', 'mH₂O'), ('mca', 'mH₂O'), ('m.c.a.', 'mH₂O'), ('m.c.a', 'mH₂O'), ('mwc', 'mH₂O'),
  ('m3', 'm³'), ('m^3', 'm³'), ('m3/s', 'm³/s'), ('m^3/s', 'm³/s'), ('m3/h', 'm³/h'), ('m^3/h', 'm³/h'),
  ('lps', 'L/s'), ('l/seg', 'L/s'), ('lpm', 'L/min');--> statement-breakpoint
INSERT INTO "log_entries" ("user_id", "company_id", "entity_type", "entity_id", "action", "changes")
SELECT NULL, p."company_id", 'point', p."id"::text, 'migrate',
  jsonb_build_object('unit', jsonb_build_array(p."unit", 'm'))
FROM "measurement_points" p
LEFT JOIN "unit_aliases" a ON a."alias" = lower(regexp_replace(p."unit", '\s', '', 'g'))
WHERE a."alias" IS NULL;--> statement-breakpoint
UPDATE "measurement_points" p
SET "unit" = coalesce(
  (SELECT a."symbol" FROM "unit_aliases" a WHERE a."alias" = lower(regexp_replace(p."unit", '\s', '', 'g'))),
  'm')
WHERE p."unit" IS DISTINCT FROM coalesce(
  (SELECT a."symbol" FROM "unit_aliases" a WHERE a."alias" = lower(regexp_replace(p."unit", '\s', '', 'g'))),
  'm');--> statement-breakpoint
DROP TABLE "unit_aliases";
