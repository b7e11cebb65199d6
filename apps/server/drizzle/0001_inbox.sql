CREATE TABLE "conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"channel" text NOT NULL,
	"account_id" text NOT NULL,
	"graph_id" text,
	"guest_id" text NOT NULL,
	"guest_name" text DEFAULT '' NOT NULL,
	"guest_username" text,
	"snippet" text DEFAULT '' NOT NULL,
	"updated_time" timestamp with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_guest_message_at" timestamp with time zone,
	"guest_read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"mid" text NOT NULL,
	"direction" text NOT NULL,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_time" timestamp with time zone NOT NULL,
	"page_reaction" text,
	"page_reaction_at" timestamp with time zone,
	"guest_reaction" text,
	"guest_reaction_at" timestamp with time zone,
	"sent_by_user_id" uuid,
	"human_agent_tag" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_idempotency" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "send_idempotency_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "instagram_user_id" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "instagram_username" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "inbox_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_page_id_facebook_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."facebook_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD CONSTRAINT "inbox_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_idempotency" ADD CONSTRAINT "send_idempotency_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_idempotency" ADD CONSTRAINT "send_idempotency_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_account_guest_uq" ON "conversations" USING btree ("account_id","guest_id");--> statement-breakpoint
CREATE INDEX "conversations_account_time_idx" ON "conversations" USING btree ("account_id","updated_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_client_idx" ON "conversations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "inbox_events_client_id_idx" ON "inbox_events" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_mid_uq" ON "messages" USING btree ("mid");--> statement-breakpoint
CREATE INDEX "messages_conversation_time_idx" ON "messages" USING btree ("conversation_id","created_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_pages_instagram_uq" ON "facebook_pages" USING btree ("instagram_user_id");