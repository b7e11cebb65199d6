CREATE TABLE "google_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"google_user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"status_message" text,
	"connected_at" timestamp with time zone NOT NULL,
	"connected_by" uuid
);
--> statement-breakpoint
CREATE TABLE "google_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"connection_id" uuid,
	"account_name" text NOT NULL,
	"title" text NOT NULL,
	"maps_uri" text,
	"average_rating" real,
	"total_review_count" integer DEFAULT 0 NOT NULL,
	"sync_status" text DEFAULT 'never' NOT NULL,
	"sync_message" text,
	"last_synced_at" timestamp with time zone,
	"synced_through" timestamp with time zone,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "page_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'facebook' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "google_location_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sentiment_score" real;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_locations" ADD CONSTRAINT "google_locations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_locations" ADD CONSTRAINT "google_locations_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_locations" ADD CONSTRAINT "google_locations_connection_id_google_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."google_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_connections_client_user_uq" ON "google_connections" USING btree ("client_id","google_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_locations_outlet_uq" ON "google_locations" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "google_locations_client_idx" ON "google_locations" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_google_location_id_google_locations_id_fk" FOREIGN KEY ("google_location_id") REFERENCES "public"."google_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_google_external_uq" ON "reviews" USING btree ("google_location_id","external_key");--> statement-breakpoint
CREATE INDEX "reviews_outlet_time_idx" ON "reviews" USING btree ("outlet_id","created_time","id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_ck" CHECK (("reviews"."source" = 'facebook' AND "reviews"."page_id" IS NOT NULL AND "reviews"."google_location_id" IS NULL) OR ("reviews"."source" = 'google' AND "reviews"."google_location_id" IS NOT NULL AND "reviews"."page_id" IS NULL));