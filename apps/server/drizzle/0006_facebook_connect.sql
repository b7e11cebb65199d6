CREATE TABLE "facebook_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"facebook_user_id" text NOT NULL,
	"name" text NOT NULL,
	"user_token_enc" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"status_message" text,
	"checked_at" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"connected_by" uuid
);
--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "facebook_account_id" uuid;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "webhooks_subscribed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facebook_accounts" ADD CONSTRAINT "facebook_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_accounts" ADD CONSTRAINT "facebook_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_accounts_client_user_uq" ON "facebook_accounts" USING btree ("client_id","facebook_user_id");--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD CONSTRAINT "facebook_pages_facebook_account_id_facebook_accounts_id_fk" FOREIGN KEY ("facebook_account_id") REFERENCES "public"."facebook_accounts"("id") ON DELETE set null ON UPDATE no action;