/** What other features may use of src/accounts: its public surface. */
export { buildAccountService } from './build.js';
export type { AccountService } from './service.js';
export { type UserRow, type UserStore, createUserStore, isOperatorLocked } from './users.js';
