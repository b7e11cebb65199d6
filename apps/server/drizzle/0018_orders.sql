CREATE TABLE "order_import_problems" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"row_no" integer NOT NULL,
	"column_name" text NOT NULL,
	"problem" text NOT NULL,
	CONSTRAINT "order_import_problems_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "order_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"file_name" text NOT NULL,
	"file_path" text,
	"bytes" bigint NOT NULL,
	"shape" text NOT NULL,
	"currency" text NOT NULL,
	"source_outlet" text,
	"mapping" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"orders_imported" integer DEFAULT 0 NOT NULL,
	"lines_imported" integer DEFAULT 0 NOT NULL,
	"orders_already_there" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_imports_status_ck" CHECK ("order_imports"."status" in ('queued', 'validating', 'importing', 'imported', 'rejected', 'failed')),
	CONSTRAINT "order_imports_shape_ck" CHECK ("order_imports"."shape" in ('london', 'generic'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"ordered_at" timestamp NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"ordered_at" timestamp NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"line_count" integer NOT NULL,
	"channel" text,
	"lines_complete" boolean DEFAULT true NOT NULL,
	"import_id" uuid
);
--> statement-breakpoint
ALTER TABLE "order_import_problems" ADD CONSTRAINT "order_import_problems_import_id_order_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."order_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_import_id_order_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."order_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_imports_outlet_idx" ON "order_imports" USING btree ("client_id","outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_outlet_time_idx" ON "order_lines" USING btree ("outlet_id","ordered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_outlet_external_uq" ON "orders" USING btree ("outlet_id","external_id");--> statement-breakpoint
CREATE INDEX "orders_outlet_time_idx" ON "orders" USING btree ("outlet_id","ordered_at");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");