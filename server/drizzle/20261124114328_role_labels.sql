ALTER TABLE "roles" ADD COLUMN "label_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "label_es" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the names the web shows (spec §6 gives the English ones); provider roles first, then company roles
UPDATE "roles" SET "label_en" = v."en", "label_es" = v."es", "position" = v."position"
FROM (VALUES
  ('ROLE_ADMIN', 'Super Admin FDX', 'Superadministrador', 1),
  ('ROLE_CHIEF', 'Operator FDX', 'Operador FDX', 2),
  ('ROLE_VIEWER', 'Viewer FDX', 'Consultor FDX', 3),
  ('ROLE_ADMIN_CLIENTE', 'Client Admin', 'Administrador de cliente', 4),
  ('ROLE_CHIEF_CLIENTE', 'Operator', 'Operador', 5),
  ('ROLE_USER', 'Viewer', 'Consulta', 6),
  ('ROLE_SPECTATOR', 'Spectator', 'Espectador', 7),
  ('ROLE_CHANGE_PASSWORD', 'Change password', 'Cambio de contraseña', 8)
) AS v("id", "en", "es", "position")
WHERE "roles"."id" = v."id";
