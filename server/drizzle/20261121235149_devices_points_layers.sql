CREATE TABLE "layer_points" (
	"layer_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	CONSTRAINT "layer_points_layer_id_point_id_pk" PRIMARY KEY("layer_id","point_id")
);
--> statement-breakpoint
CREATE TABLE "layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"viewable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"kind" text NOT NULL,
	"ground_level" double precision,
	"invert_level" double precision,
	"measure_time" integer NOT NULL,
	"transmission_time" integer NOT NULL,
	"measures_for_avg" integer DEFAULT 1 NOT NULL,
	"alert_value" double precision,
	"warning_value" double precision,
	"level_difference" double precision DEFAULT 0 NOT NULL,
	"value_4ma" double precision,
	"value_20ma" double precision,
	"unit" text DEFAULT 'm' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"alert_flat" boolean DEFAULT true NOT NULL,
	"default_amount_measures_flat" integer DEFAULT 10 NOT NULL,
	"default_amount_gap_measure_exceed" double precision DEFAULT 3 NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "point_favourites" (
	"user_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	CONSTRAINT "point_favourites_user_id_point_id_pk" PRIMARY KEY("user_id","point_id")
);
--> statement-breakpoint
CREATE TABLE "component_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"magnitude" text NOT NULL,
	"measure_type" text NOT NULL,
	"dynamic_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'Inactive' NOT NULL,
	"device_id" uuid,
	"point_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_state_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid,
	"point_id" uuid,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"manufactured" date,
	"model_id" uuid,
	"product_id" uuid,
	"firmware_id" uuid,
	"sim_number" text,
	"network_id" uuid,
	"company_id" uuid,
	"measurement_point_id" uuid,
	"battery_quantity" integer,
	"battery_max_load" double precision,
	"technical_notes" text,
	"serial_external_sensor" text,
	"state" text DEFAULT 'Available' NOT NULL,
	"location" text DEFAULT 'Store' NOT NULL,
	"key_hash" text,
	"last_seen_at" timestamp with time zone,
	"last_battery" double precision,
	"last_rssi" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "layer_points" ADD CONSTRAINT "layer_points_layer_id_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layer_points" ADD CONSTRAINT "layer_points_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layers" ADD CONSTRAINT "layers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_points" ADD CONSTRAINT "measurement_points_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_favourites" ADD CONSTRAINT "point_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_favourites" ADD CONSTRAINT "point_favourites_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_type_id_component_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."component_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state_history" ADD CONSTRAINT "device_state_history_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state_history" ADD CONSTRAINT "device_state_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state_history" ADD CONSTRAINT "device_state_history_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_firmware_id_firmwares_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmwares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_measurement_point_id_measurement_points_id_fk" FOREIGN KEY ("measurement_point_id") REFERENCES "public"."measurement_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "layers_company_name_lower_key" ON "layers" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "measurement_points_company_idx" ON "measurement_points" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_points_company_name_live_key" ON "measurement_points" USING btree ("company_id",lower("name")) WHERE "measurement_points"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "component_types_name_lower_key" ON "component_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "components_type_serial_key" ON "components" USING btree ("type_id","serial");--> statement-breakpoint
CREATE INDEX "components_point_idx" ON "components" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "device_state_history_device_at_idx" ON "device_state_history" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_key" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sim_live_key" ON "devices" USING btree ("sim_number") WHERE "devices"."sim_number" is not null and "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_company_idx" ON "devices" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "devices_point_idx" ON "devices" USING btree ("measurement_point_id");--> statement-breakpoint
CREATE INDEX "devices_state_idx" ON "devices" USING btree ("state");