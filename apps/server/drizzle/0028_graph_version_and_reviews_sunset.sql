ALTER TABLE "facebook_pages" ADD COLUMN "graph_version" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "reviews_ended_at" timestamp with time zone;