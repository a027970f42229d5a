CREATE TYPE "public"."attendance_presence" AS ENUM('present', 'absent');--> statement-breakpoint
CREATE TYPE "public"."attendance_recorder" AS ENUM('worker', 'owner');--> statement-breakpoint
CREATE TYPE "public"."timesheet_action" AS ENUM('recorded', 'approved', 'edited', 'accepted', 'disputed', 'resolved', 'auto_approved', 'auto_accepted');--> statement-breakpoint
CREATE TYPE "public"."timesheet_actor" AS ENUM('worker', 'owner', 'system');--> statement-breakpoint
CREATE TYPE "public"."timesheet_status" AS ENUM('pending_employer', 'approved', 'edited', 'accepted', 'disputed', 'resolved', 'auto_approved');--> statement-breakpoint
CREATE TABLE "job_attendance_secrets" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"shift_date" date NOT NULL,
	"presence" "attendance_presence" NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"check_in_by" "attendance_recorder",
	"check_out_by" "attendance_recorder",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shift_attendance_times" CHECK ("shift_attendance"."checked_out_at" is null or ("shift_attendance"."checked_in_at" is not null and "shift_attendance"."checked_out_at" > "shift_attendance"."checked_in_at")),
	CONSTRAINT "shift_attendance_presence" CHECK (("shift_attendance"."presence" = 'present' and "shift_attendance"."checked_in_at" is not null) or ("shift_attendance"."presence" = 'absent' and "shift_attendance"."checked_in_at" is null and "shift_attendance"."checked_out_at" is null))
);
--> statement-breakpoint
CREATE TABLE "timesheet_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"timesheet_id" uuid NOT NULL,
	"actor" timesheet_actor NOT NULL,
	"action" timesheet_action NOT NULL,
	"old_minutes" integer,
	"new_minutes" integer,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timesheet_events_reason_len" CHECK (char_length("timesheet_events"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"shift_date" date NOT NULL,
	"status" timesheet_status NOT NULL,
	"recorded_minutes" integer,
	"minutes" integer NOT NULL,
	"employer_deadline" timestamp with time zone,
	"worker_deadline" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timesheets_minutes" CHECK ("timesheets"."minutes" between 0 and 1440),
	CONSTRAINT "timesheets_recorded_minutes" CHECK ("timesheets"."recorded_minutes" between 0 and 1440)
);
--> statement-breakpoint
ALTER TABLE "job_attendance_secrets" ADD CONSTRAINT "job_attendance_secrets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attendance" ADD CONSTRAINT "shift_attendance_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_attendance" ADD CONSTRAINT "shift_attendance_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_events" ADD CONSTRAINT "timesheet_events_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_attendance_application_date_uq" ON "shift_attendance" USING btree ("application_id","shift_date");--> statement-breakpoint
CREATE INDEX "shift_attendance_job_date_idx" ON "shift_attendance" USING btree ("job_id","shift_date");--> statement-breakpoint
CREATE INDEX "timesheet_events_timesheet_idx" ON "timesheet_events" USING btree ("timesheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_application_date_uq" ON "timesheets" USING btree ("application_id","shift_date");--> statement-breakpoint
CREATE INDEX "timesheets_job_date_idx" ON "timesheets" USING btree ("job_id","shift_date");--> statement-breakpoint
CREATE INDEX "timesheets_employer_due_idx" ON "timesheets" USING btree ("employer_deadline") WHERE "timesheets"."status" = 'pending_employer';--> statement-breakpoint
CREATE INDEX "timesheets_worker_due_idx" ON "timesheets" USING btree ("worker_deadline") WHERE "timesheets"."status" in ('approved', 'edited');--> statement-breakpoint
-- A timesheet's history only grows (db/schema/attendance.ts): an UPDATE of a line is refused. Lines go
-- only with their timesheet (a cascade from the job, the application or an account).
CREATE FUNCTION daywork_timesheet_events_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'timesheet_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER timesheet_events_no_update BEFORE UPDATE ON timesheet_events
  FOR EACH ROW EXECUTE FUNCTION daywork_timesheet_events_append_only();
