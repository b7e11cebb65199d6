CREATE TABLE "instagram_account_reads" (
	"ig_user_id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"fetched_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "instagram_media" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"ig_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"permalink" text,
	"thumbnail_url" text,
	"posted_at" timestamp with time zone NOT NULL,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"unavailable_metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instagram_account_reads" ADD CONSTRAINT "instagram_account_reads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_account_reads" ADD CONSTRAINT "instagram_account_reads_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_account_reads" ADD CONSTRAINT "instagram_account_reads_page_id_facebook_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."facebook_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_page_id_facebook_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."facebook_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_media_account_time_idx" ON "instagram_media" USING btree ("ig_user_id","posted_at");--> statement-breakpoint
CREATE INDEX "instagram_media_client_idx" ON "instagram_media" USING btree ("client_id");