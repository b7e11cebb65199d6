ALTER TABLE "internal_comments" ALTER COLUMN "review_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mention_notifications" ALTER COLUMN "review_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "internal_comments" ADD COLUMN "ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD COLUMN "ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "internal_comments" ADD CONSTRAINT "internal_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_notifications" ADD CONSTRAINT "mention_notifications_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internal_comments_ticket_idx" ON "internal_comments" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
ALTER TABLE "internal_comments" ADD CONSTRAINT "internal_comments_thread_ck" CHECK (("internal_comments"."review_id" is null) <> ("internal_comments"."ticket_id" is null));