CREATE TABLE "menu_item_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_item_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"order_name" text,
	"name" text NOT NULL,
	"price_minor" integer,
	"currency" text,
	"available" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_item_changes" ADD CONSTRAINT "menu_item_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_changes" ADD CONSTRAINT "menu_item_changes_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_changes" ADD CONSTRAINT "menu_item_changes_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_changes" ADD CONSTRAINT "menu_item_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_item_changes_outlet_idx" ON "menu_item_changes" USING btree ("outlet_id","id");--> statement-breakpoint
CREATE INDEX "menu_item_changes_item_idx" ON "menu_item_changes" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_outlet_order_name_uq" ON "menu_items" USING btree ("outlet_id","order_name");--> statement-breakpoint
CREATE INDEX "menu_items_client_idx" ON "menu_items" USING btree ("client_id");--> statement-breakpoint
-- The menu audit log is append-only: a statement may only INSERT. The one exception is
-- the database's own referential actions (an outlet, client or user removed: cascade / set null),
-- which run as triggers, one level down.
CREATE FUNCTION "menu_item_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'menu_item_changes is append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "menu_item_changes_append_only" BEFORE UPDATE OR DELETE ON "menu_item_changes" FOR EACH ROW EXECUTE FUNCTION "menu_item_changes_append_only"();
--> statement-breakpoint
-- Outlets with orders already imported get their menu from them (later imports add new names).
INSERT INTO "menu_items" ("client_id", "outlet_id", "order_name", "name", "currency")
SELECT DISTINCT ON (l."outlet_id", l."item_name") l."client_id", l."outlet_id", l."item_name", l."item_name", o."currency"
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
 ORDER BY l."outlet_id", l."item_name", l."ordered_at" DESC
ON CONFLICT DO NOTHING;
