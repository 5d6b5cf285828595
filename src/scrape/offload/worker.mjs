// A pool thread's entry point. Compiled (dist/, where tasks.js sits beside it) it imports the
// tasks directly; beside the TypeScript sources (Vitest, `npm run dev`) it registers tsx's
// loader first, as a thread does not inherit it everywhere.
import { existsSync } from 'node:fs';
import { URL } from 'node:url';

const compiled = existsSync(new URL('./tasks.js', import.meta.url));
if (!compiled) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { runOffloadTask } = await import(compiled ? './tasks.js' : './tasks.ts');

export default runOffloadTask;
