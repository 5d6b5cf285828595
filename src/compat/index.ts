/** What other features may use of src/compat: its public surface. */
export type { AgentOps } from './agent-ops.js';
export { CompatError } from './compat-error.js';
export { domainFailure } from './domain-errors.js';
export { type QuarryRest, type RestAnswer, bearerKey, httpRest, restRefusal } from './quarry-rest.js';
