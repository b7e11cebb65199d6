CREATE TABLE "internal_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internal_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"review_id" bigint NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mention_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mention_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"comment_id" bigint NOT NULL,
	"review_id" bigint NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "mention_notifications_status_ck" CHECK ("mention_notifications"."status" in ('unread', 'read', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "internal_comments" ADD CONSTRAINT "internal_comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_comments" ADD CONSTRAINT "internal_comments_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_comments" ADD CONSTRAINT "internal_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD CONSTRAINT "mention_notifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD CONSTRAINT "mention_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD CONSTRAINT "mention_notifications_comment_id_internal_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."internal_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD CONSTRAINT "mention_notifications_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internal_comments_review_idx" ON "internal_comments" USING btree ("review_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mention_notifications_comment_user_uq" ON "mention_notifications" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "mention_notifications_user_time_idx" ON "mention_notifications" USING btree ("user_id","client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mention_notifications_unread_idx" ON "mention_notifications" USING btree ("user_id","client_id") WHERE "mention_notifications"."status" = 'unread';