-- security rule 34: temporary passwords are stored sealed (AES-256-GCM under SECRET_KEY). SQL has no
-- key, so values from before this migration keep their plain text here until the next start seals
-- them (secrets/stored-secrets.ts prepareStoredSecrets); the new name says what the column holds.
ALTER TABLE "users" RENAME COLUMN "temp_password" TO "temp_password_enc";
