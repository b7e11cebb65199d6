-- Invitations become pending memberships (docs/decisions/0009): they carry the email,
-- name, role and access ids the inviter typed, and name the account only once it accepted.
ALTER TABLE "invitations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "access" jsonb;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
-- Invitations made before: the user row and the membership were created at invite time.
UPDATE "invitations" i SET "email" = lower(u."email"), "full_name" = u."full_name" FROM "users" u WHERE u."id" = i."user_id";--> statement-breakpoint
UPDATE "invitations" i SET "role" = m."role" FROM "memberships" m WHERE m."user_id" = i."user_id" AND m."client_id" = i."client_id";--> statement-breakpoint
-- A pending invitation whose membership was removed since grants nothing any more.
UPDATE "invitations" SET "revoked_at" = now() WHERE "role" IS NULL AND "used_at" IS NULL;--> statement-breakpoint
UPDATE "invitations" SET "role" = 'viewer' WHERE "role" IS NULL;--> statement-breakpoint
UPDATE "invitations" SET "access" = '{"brandIds":[],"outletIds":[],"modules":[]}'::jsonb WHERE "access" IS NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "full_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "access" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invitations_client_email_idx" ON "invitations" USING btree ("client_id","email");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");
