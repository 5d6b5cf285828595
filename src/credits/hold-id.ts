import { randomFillSync } from 'node:crypto';

const RANDOM_BYTES_PER_ID = 8;
// Random bytes drawn in bulk: one system call per 256 ids instead of one per id.
const pool = Buffer.alloc(RANDOM_BYTES_PER_ID * 256);
let poolOffset = pool.length;
let lastMs = 0;
let sequence = 0;

/**
 * A hold id in the UUID version 7 layout: 48 bits of Unix milliseconds, a 12-bit sequence that
 * orders the ids of one millisecond, then 62 random bits. Ids made later sort later, so the
 * primary key of `holds` and the (hold id, kind) index of `ledger_entries` grow at their right edge:
 * a batch of inserts dirties a page or two of each index instead of one page per row, as
 * random (version 4) ids did, and each commit writes that much less.
 */
export function timeOrderedId(nowMs: number = Date.now()): string {
  if (nowMs > lastMs) {
    lastMs = nowMs;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // More than 4096 ids in one millisecond: borrow the next millisecond, keeping the order.
    lastMs += 1;
    sequence = 0;
  }
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const random = pool.toString('hex', poolOffset, poolOffset + RANDOM_BYTES_PER_ID);
  poolOffset += RANDOM_BYTES_PER_ID;
  const time = lastMs.toString(16).padStart(12, '0');
  // The variant field (binary 10) takes the top two bits of the fourth group.
  const variant = (8 | (parseInt(random[0]!, 16) & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${variant}${random.slice(1, 4)}-${random.slice(4)}`;
}
