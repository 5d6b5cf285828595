// A pool thread's entry point. The tasks are TypeScript: under `tsx` (npm start) the thread
// inherits its loader, elsewhere (Vitest, plain node) this registers it before importing them.
import { register } from 'tsx/esm/api';

register();
const { runOffloadTask } = await import('./tasks.ts');

export default runOffloadTask;
