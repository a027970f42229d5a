-- Sign-up once stored any "image" a script sent (a javascript: address, 900,000 characters); nothing of
-- ours sets or reads it, and sign-up now drops it (docs/decisions/057), so what was stored goes.
UPDATE "user" SET "image" = NULL WHERE "image" IS NOT NULL;
