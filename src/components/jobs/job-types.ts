import type { RouterOutputs as Outputs } from "../../trpc.ts";

/** A job of the home list (jobs.search). */
export type JobSearchItem = Outputs["jobs"]["search"]["items"][number];
/** A job page's data (jobs.byId). */
export type JobDetails = Outputs["jobs"]["byId"];
/** A job as the edit form loads it (jobs.forEdit). */
export type EditableJob = Outputs["jobs"]["forEdit"];
/** A card of /my-jobs (jobs.mine). */
export type MyJobItem = Outputs["jobs"]["mine"]["items"][number];
/** A person in the home page's people results (people.search). */
export type PersonResult = Outputs["people"]["search"][number];
/** The signed-in person, or null (profiles.me). */
export type Me = Outputs["profiles"]["me"];
