import { runCli } from './run.js';

// The composition root of the operator CLI: the only place that touches the process.
process.exitCode = await runCli(process.argv.slice(2), {
  io: { stdout: process.stdout, stderr: process.stderr, isTTY: process.stderr.isTTY === true, stdin: process.stdin },
  env: process.env,
});
