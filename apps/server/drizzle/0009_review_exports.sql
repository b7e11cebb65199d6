CREATE TABLE "review_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb NOT NULL,
	"outlet_ids" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer,
	"written" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"content" "bytea",
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_exports" ADD CONSTRAINT "review_exports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_exports" ADD CONSTRAINT "review_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_exports_client_user_idx" ON "review_exports" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_exports_expires_idx" ON "review_exports" USING btree ("expires_at");