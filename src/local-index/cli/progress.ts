/** A one-line progress bar on a terminal, redrawn in place; nothing at all when the stream is not a terminal. */
import type { CliIo } from '../../cli/index.js';

export interface ProgressLine {
  update(done: number, total: number, detail: string): void;
  /** Ends the line so later output starts on a fresh one. */
  end(): void;
}

const WIDTH = 24;

export function progressLine(io: CliIo): ProgressLine {
  let drawn = false;
  return {
    update(done, total, detail) {
      if (!io.isTTY) return;
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(ratio * WIDTH);
      const columns = (io.stderr as NodeJS.WritableStream & { columns?: number }).columns ?? 100;
      const line = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${detail}`;
      io.stderr.write(`\r\x1b[2K${line.slice(0, Math.max(20, columns - 1))}`);
      drawn = true;
    },
    end() {
      if (drawn) io.stderr.write('\n');
      drawn = false;
    },
  };
}
