/** What other features may use of src/mail: its public surface. */
export { createMailer } from './build.js';
export { firstLink } from './links.js';
export type { Mailer } from './mailer.js';
