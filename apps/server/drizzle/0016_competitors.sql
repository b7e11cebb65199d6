CREATE TABLE "competitor_places" (
	"place_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"rating" real,
	"user_rating_count" integer,
	"price_level" text,
	"history" text DEFAULT 'pending' NOT NULL,
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "competitor_places_history_ck" CHECK ("competitor_places"."history" in ('available', 'pending', 'none'))
);
--> statement-breakpoint
CREATE TABLE "competitor_reviews" (
	"place_id" text NOT NULL,
	"review_name" text NOT NULL,
	"rating" real NOT NULL,
	"review_text" text DEFAULT '' NOT NULL,
	"publish_time" timestamp with time zone NOT NULL,
	CONSTRAINT "competitor_reviews_place_id_review_name_pk" PRIMARY KEY("place_id","review_name")
);
--> statement-breakpoint
CREATE TABLE "competitor_snapshots" (
	"place_id" text NOT NULL,
	"day" text NOT NULL,
	"rating" real,
	"user_rating_count" integer,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_snapshots_place_id_day_pk" PRIMARY KEY("place_id","day"),
	CONSTRAINT "competitor_snapshots_day_ck" CHECK ("competitor_snapshots"."day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "outlet_competitors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outlet_competitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"place_id" text NOT NULL,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competitor_reviews" ADD CONSTRAINT "competitor_reviews_place_id_competitor_places_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."competitor_places"("place_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_snapshots" ADD CONSTRAINT "competitor_snapshots_place_id_competitor_places_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."competitor_places"("place_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_competitors" ADD CONSTRAINT "outlet_competitors_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_competitors" ADD CONSTRAINT "outlet_competitors_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_competitors" ADD CONSTRAINT "outlet_competitors_place_id_competitor_places_place_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."competitor_places"("place_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_competitors" ADD CONSTRAINT "outlet_competitors_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_reviews_place_time_idx" ON "competitor_reviews" USING btree ("place_id","publish_time");--> statement-breakpoint
CREATE UNIQUE INDEX "outlet_competitors_outlet_place_uq" ON "outlet_competitors" USING btree ("outlet_id","place_id");--> statement-breakpoint
CREATE INDEX "outlet_competitors_client_idx" ON "outlet_competitors" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "outlet_competitors_place_idx" ON "outlet_competitors" USING btree ("place_id");