/**
 * The load generator of the HTTP benchmarks: autocannon, either in a child process of its own
 * (the default, as the figures were taken: the generator's CPU is not charged to the
 * server under test) or in the calling process (`inProcess`, the older figures: server and
 * generator share one event loop). autocannon's `workers` option is no substitute: its workers
 * are threads of the calling process.
 *
 * Run as a script, this file is that child: it takes a LoadSpec as JSON in argv[2] and prints
 * the Figures as JSON on stdout.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadSpec {
  readonly url: string;
  /** Connection i sends `x-api-key: keys[i % keys.length]`; no key header when empty. */
  readonly keys: readonly string[];
  readonly body: string;
  /** More request headers (e.g. the `accept` an MCP client sends). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly duration: number;
  readonly connections: number;
}

export interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /**
   * CPU time (user + system, all threads) per answered request: of the process serving it, and
   * of the load generator. Unlike req/s, these hardly move with the machine's other load, and
   * they say which side held the run back. With `inProcess` both are the one shared process.
   */
  readonly serverCpuMicros: number;
  readonly generatorCpuMicros: number;
}

type GeneratorFigures = Omit<Figures, 'serverCpuMicros'>;

async function runAutocannon(spec: LoadSpec): Promise<GeneratorFigures> {
  let next = 0;
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: spec.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...spec.headers },
    body: spec.body,
    duration: spec.duration,
    connections: spec.connections,
    setupClient: (client) => {
      if (spec.keys.length > 0) client.setHeaders({ 'content-type': 'application/json', ...spec.headers, 'x-api-key': spec.keys[next++ % spec.keys.length]! });
    },
  });
  const used = process.cpuUsage(cpu);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    generatorCpuMicros: (used.user + used.system) / Math.max(1, result.requests.total),
  };
}

const self = fileURLToPath(import.meta.url);

/** Runs the load in a separate Node process (TypeScript through tsx, as the benchmarks run). */
function runInChild(spec: LoadSpec): Promise<GeneratorFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out) as GeneratorFigures);
    });
  });
}

export async function load(spec: LoadSpec, options: { inProcess: boolean }): Promise<Figures> {
  const cpu = process.cpuUsage();
  const figures = await (options.inProcess ? runAutocannon(spec) : runInChild(spec));
  const used = process.cpuUsage(cpu);
  const requests = Math.max(1, figures.rps * spec.duration);
  return { ...figures, serverCpuMicros: (used.user + used.system) / requests };
}

if (process.argv[1] === self) {
  const figures = await runAutocannon(JSON.parse(process.argv[2]!) as LoadSpec);
  process.stdout.write(JSON.stringify(figures));
}
