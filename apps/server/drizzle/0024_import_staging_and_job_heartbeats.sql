CREATE TABLE "import_staging" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "import_staging_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "job_heartbeats" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"worker" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_staging" ADD CONSTRAINT "import_staging_import_id_order_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."order_imports"("id") ON DELETE cascade ON UPDATE no action;