import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Runs `task` under the V8 CPU profiler and writes a `.cpuprofile` (open it in Chrome DevTools
 * or speedscope) to `file`; without a file it just runs `task`. Profiling only the measured run
 * keeps start-up and the other runs out of the picture.
 */
export async function profiled<T>(file: string | undefined, task: () => Promise<T>): Promise<T> {
  if (!file) return task();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await task();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
