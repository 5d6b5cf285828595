/**
 * Start-up time and idle memory of the production start (issue 13: ready ≤ 1.5 s and idle RSS
 * ≤ 150 MB after `npm start` on SQLite). Each round starts the real command on a free loopback
 * port with a fresh SQLite data folder (so migrations and the generated secrets are part of it),
 * measures the time from spawning it until `/healthz` answers 200, waits a few seconds idle and
 * reads VmRSS of the Node server process itself (found among the command's descendants, not npm
 * or the shell). The baseline of the same run is a bare Fastify server started with `node -e`,
 * measured the same way. A stale build is rebuilt first, outside the timings.
 *
 * `--before <checkout>` adds `node bin/start.js` of another checkout (e.g. the commit before
 * issue 13, with its own node_modules) to the same run.
 *
 *   npm run bench:startup -- [--rounds 3] [--idle-seconds 3] [--before <dir>] [--json]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../tests/support/ports.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'idle-seconds': { type: 'string', default: '3' },
    before: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const idleMs = Number(values['idle-seconds']) * 1000;
const ROOT = join(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Command {
  readonly name: string;
  readonly argv: readonly string[];
  /** How to recognise the Node server among the command's processes (by its command line). */
  readonly server: RegExp;
  readonly cwd?: string;
}

const BARE_FASTIFY = `
const { default: Fastify } = await import('fastify');
const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });`;

const COMMANDS: Command[] = [
  { name: 'bare Fastify (node -e)', argv: [process.execPath, '--input-type=module', '-e', BARE_FASTIFY], server: /^\S*node --input-type=module/ },
  { name: 'node bin/start.js', argv: [process.execPath, 'bin/start.js'], server: /^\S*node bin\/start\.js/ },
  { name: 'npm start', argv: ['npm', 'start', '--silent'], server: /^\S*node bin\/start\.js/ },
  ...(values.before
    ? [{ name: 'before: node bin/start.js', argv: [process.execPath, 'bin/start.js'], server: /^\S*node bin\/start\.js/, cwd: values.before }]
    : []),
];

/** The process and its descendants, from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended while /proc was being read: it is nobody's server
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
}

function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

async function untilHealthy(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before /healthz answered: ${output()}`);
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(10);
  }
}

async function measure(command: Command): Promise<{ readyMs: number; rssMb: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-startup-'));
  const port = await freePort();
  const started = performance.now();
  const [file, ...args] = command.argv;
  const child = spawn(file!, args, {
    cwd: command.cwd ?? ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dataDir, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await untilHealthy(port, child, () => output);
    const readyMs = performance.now() - started;
    await sleep(idleMs);
    const server = descendants(child.pid!).find((pid) => command.server.test(commandLine(pid)));
    if (server === undefined) throw new Error(`no process of ${command.name} matches ${command.server}`);
    return { readyMs, rssMb: residentMb(server) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, [join(ROOT, 'bin/build.js'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed');

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const results: Record<string, { readyMs: number[]; rssMb: number[] }> = {};
const loadBefore = loadavg()[0]!;
for (let round = 0; round < rounds; round++) {
  // Interleaved, so a burst of load from the other tenants of the machine hits every command alike.
  for (const command of COMMANDS) {
    const { readyMs, rssMb } = await measure(command);
    const entry = (results[command.name] ??= { readyMs: [], rssMb: [] });
    entry.readyMs.push(readyMs);
    entry.rssMb.push(rssMb);
  }
}
const loadAfter = loadavg()[0]!;

const baseline = results[COMMANDS[0]!.name]!;
const rows = COMMANDS.map(({ name }) => {
  const { readyMs, rssMb } = results[name]!;
  return {
    command: name,
    readyMsMedian: Math.round(median(readyMs)),
    readyMsAll: readyMs.map(Math.round),
    readyRatio: Number((median(readyMs) / median(baseline.readyMs)).toFixed(2)),
    idleRssMbMedian: Math.round(median(rssMb)),
    idleRssMbAll: rssMb.map(Math.round),
    rssRatio: Number((median(rssMb) / median(baseline.rssMb)).toFixed(2)),
  };
});
const load = { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)), cores: availableParallelism() };

if (values.json) console.log(JSON.stringify({ rounds, idleSeconds: idleMs / 1000, load, rows }, null, 2));
else {
  console.log(
    `start-up on SQLite (fresh data folder), ${rounds} rounds, idle ${idleMs / 1000} s; load average ${load.before} → ${load.after} on ${load.cores} cores`,
  );
  console.log('command                    ready ms (median; all)         × baseline   idle RSS MB (median; all)   × baseline');
  for (const row of rows) {
    console.log(
      `${row.command.padEnd(26)} ${String(row.readyMsMedian).padStart(6)}  (${row.readyMsAll.join(', ')})`.padEnd(58) +
        `${row.readyRatio.toFixed(2).padStart(6)}   ${String(row.idleRssMbMedian).padStart(6)}  (${row.idleRssMbAll.join(', ')})`.padEnd(38) +
        row.rssRatio.toFixed(2).padStart(6),
    );
  }
}
