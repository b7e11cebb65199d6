CREATE TABLE "ad_campaign_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_campaign_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"campaign" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"spend_minor" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaign_days_figures_ck" CHECK ("ad_campaign_days"."spend_minor" >= 0 AND "ad_campaign_days"."impressions" >= 0 AND "ad_campaign_days"."clicks" >= 0 AND "ad_campaign_days"."clicks" <= "ad_campaign_days"."impressions")
);
--> statement-breakpoint
ALTER TABLE "order_imports" DROP CONSTRAINT "order_imports_shape_ck";--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_import_id_order_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."order_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaign_days_uq" ON "ad_campaign_days" USING btree ("outlet_id","campaign","day");--> statement-breakpoint
CREATE INDEX "ad_campaign_days_client_idx" ON "ad_campaign_days" USING btree ("client_id","outlet_id");--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_shape_ck" CHECK ("order_imports"."shape" in ('london', 'generic', 'ads'));