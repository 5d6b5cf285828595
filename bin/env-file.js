// Loads `./.env` into the environment when the file exists, with the parser of Node's own
// `--env-file` (variables already set in the environment win). `node --env-file=.env` fails when
// the file is missing (Node 20 has no `--env-file-if-exists`), so the entry points do this instead.
import { existsSync } from 'node:fs';
import process from 'node:process';

export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}
