-- Reference rows of the roles of spec §6; scope tells which profile may hold each.
INSERT INTO "roles" ("id", "scope") VALUES
  ('ROLE_ADMIN', 'global'),
  ('ROLE_CHIEF', 'global'),
  ('ROLE_VIEWER', 'global'),
  ('ROLE_ADMIN_CLIENTE', 'company'),
  ('ROLE_CHIEF_CLIENTE', 'company'),
  ('ROLE_USER', 'company'),
  ('ROLE_SPECTATOR', 'company'),
  ('ROLE_CHANGE_PASSWORD', 'system')
ON CONFLICT ("id") DO NOTHING;
