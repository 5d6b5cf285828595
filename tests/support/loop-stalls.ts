/**
 * The longest stretch this process's event loop ran code without yielding, told apart from the
 * stretches it merely waited for a CPU. On a shared machine the operating system may not run the
 * main thread for hundreds of milliseconds; that is not a block our code caused. A 10 ms timer
 * measures each gap between its turns in wall time and in the main thread's own CPU time (Linux
 * `/proc/self/task/<pid>/stat`, in clock ticks of 10 ms); a gap's CPU time is the part of it our
 * code spent running. Where that file does not exist, CPU time is taken to equal wall time.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10;
const STAT_FILE = `/proc/self/task/${process.pid}/stat`;

function mainThreadCpuMs(): number | undefined {
  try {
    // Fields 14 and 15 (utime, stime) follow the command name, which is in parentheses.
    const fields = readFileSync(STAT_FILE, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

export interface LoopStallMonitor {
  /** Stops, and returns the longest gap between turns in wall time, and the most CPU time one gap took. */
  stop(): { longestGapMs: number; longestCpuBoundMs: number };
}

export function monitorLoopStalls(): LoopStallMonitor {
  let lastWall = performance.now();
  let lastCpu = mainThreadCpuMs();
  let longestGapMs = 0;
  let longestCpuBoundMs = 0;
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = mainThreadCpuMs();
    const gap = wall - lastWall;
    longestGapMs = Math.max(longestGapMs, gap);
    longestCpuBoundMs = Math.max(longestCpuBoundMs, cpu === undefined || lastCpu === undefined ? gap : Math.min(gap + TICK_MS, cpu - lastCpu));
    lastWall = wall;
    lastCpu = cpu;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      return { longestGapMs, longestCpuBoundMs };
    },
  };
}
