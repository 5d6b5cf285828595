/**
 * Samples the latency of one URL at a steady rate while something else loads the server.
 * Latency is measured from when each request was *due*, not from when it was sent: the probe
 * shares the server's event loop, and a blocked loop delays the send as much as the answer,
 * so counting from the send would hide exactly the stalls being looked for.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LatencyProbe {
  /** Stops probing and returns every latency measured, in milliseconds, in order. */
  stop(): Promise<number[]>;
  /** Longest event-loop delay of this process while probing, in milliseconds (valid after `stop`). */
  maxLoopDelayMs(): number;
}

export function probeLatency(url: string, intervalMs = 20): LatencyProbe {
  const agent = new Agent({ keepAlive: true });
  const samples: number[] = [];
  let running = true;
  const started = performance.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();

  const getOnce = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });

  // Open loop: each request is sent when due, whether or not the ones before it have answered,
  // so one slow answer delays only itself (a closed loop would queue every later probe behind it).
  const inFlight = new Set<Promise<void>>();
  const probeOnce = (due: number): void => {
    const done = getOnce().then(() => {
      samples.push(performance.now() - due);
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const due = started + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (running) probeOnce(due);
    }
    await Promise.all(inFlight);
  })();

  return {
    async stop() {
      running = false;
      await loop;
      loopDelay.disable();
      agent.destroy();
      return samples;
    },
    maxLoopDelayMs: () => loopDelay.max / 1e6,
  };
}

/** The `p`-th percentile (0–100) of `samples`, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
