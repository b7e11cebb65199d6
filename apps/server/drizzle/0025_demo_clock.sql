CREATE TABLE "demo_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"reviews_weeks" integer NOT NULL,
	"orders_weeks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tickets_opened_at" timestamp with time zone,
	CONSTRAINT "demo_clock_one_row_ck" CHECK ("demo_clock"."id" = 1),
	CONSTRAINT "demo_clock_weeks_ck" CHECK ("demo_clock"."reviews_weeks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "competitor_reviews" ADD COLUMN "original_publish_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "original_ordered_at" timestamp;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "original_created_time" timestamp with time zone;