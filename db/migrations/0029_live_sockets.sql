CREATE TABLE "live_sockets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_sockets" ADD CONSTRAINT "live_sockets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sockets" ADD CONSTRAINT "live_sockets_instance_id_socket_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."socket_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sockets_user_idx" ON "live_sockets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_sockets_instance_idx" ON "live_sockets" USING btree ("instance_id");