ALTER TABLE "automation_rules" DROP CONSTRAINT "automation_rules_trigger_ck";--> statement-breakpoint
ALTER TABLE "automation_drafts" ALTER COLUMN "review_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_runs" ALTER COLUMN "review_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD COLUMN "conversation_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "conversation_id" bigint;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_message_uq" ON "automation_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "automation_runs_conversation_time_idx" ON "automation_runs" USING btree ("conversation_id","matched_at");--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_subject_ck" CHECK (("automation_drafts"."review_id" is null) <> ("automation_drafts"."message_id" is null) and ("automation_drafts"."message_id" is null) = ("automation_drafts"."conversation_id" is null));--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_trigger_ck" CHECK ("automation_rules"."trigger" in ('new_review', 'new_message'));--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_subject_ck" CHECK (("automation_runs"."review_id" is null) <> ("automation_runs"."message_id" is null) and ("automation_runs"."message_id" is null) = ("automation_runs"."conversation_id" is null));