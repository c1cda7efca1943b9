CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"tick" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
