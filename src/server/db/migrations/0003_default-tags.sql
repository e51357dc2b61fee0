-- spec section 9: the four default tags. Idempotent against the case-insensitive name index.
INSERT INTO "tags" ("name") VALUES
  ('High Potential'),
  ('Needs Follow-Up'),
  ('Interviewed'),
  ('Management Track')
ON CONFLICT ((lower("name"))) DO NOTHING;
