CREATE TABLE "review_reply_idempotency" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"review_id" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reply_idempotency_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
ALTER TABLE "send_idempotency" ADD COLUMN "outcome_unknown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reply_idempotency" ADD CONSTRAINT "review_reply_idempotency_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply_idempotency" ADD CONSTRAINT "review_reply_idempotency_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
