/**
 * Samples the latency of one URL at a steady rate while something else loads the server.
 * Latency is measured from when each request was *due*, not from when it was sent: the probe
 * shares the server's event loop, and a blocked loop delays the send as much as the answer,
 * so counting from the send would hide exactly the stalls being looked for.
 */
import { Agent, request } from 'node:http';

export interface LatencyProbe {
  /** Stops probing and returns every latency measured, in milliseconds, in order. */
  stop(): Promise<number[]>;
}

export function probeLatency(url: string, intervalMs = 20): LatencyProbe {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let running = true;
  const started = performance.now();

  const getOnce = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });

  const loop = (async () => {
    for (let i = 0; running; i++) {
      const due = started + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await getOnce();
      samples.push(performance.now() - due);
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return samples;
    },
  };
}

/** The `p`-th percentile (0–100) of `samples`, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}
