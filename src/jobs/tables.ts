/** Row types of the job queue's table (migration 0010), for a Kysely instance extended with `withTables`. */
export type BackgroundJobsTable = {
  id: string;
  queue: string;
  /** JSON of the job's data. */
  data: string;
  state: 'created' | 'active' | 'completed' | 'failed';
  attempts: number;
  error: string | null;
  created: string;
  updated: string;
  /** Not claimed before this time (migration 0017); null: at once. */
  run_after?: string | null;
};

export type JobsDatabase = {
  background_jobs: BackgroundJobsTable;
};
