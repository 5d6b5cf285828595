/** What other features may use of src/credits: its public surface. */
export { type AuditRow, type Hold, InsufficientCreditsError, type Ledger, createLedger } from './ledger.js';
export { type CacheHitCharge, type CachedWork, chargeFor, meteredCached, runCached } from './metered-cached.js';
export { CLIENT_GONE_STATUS, CREDITS_NEEDED_HEADER, ClientGoneError, meteredErrorResponses, meteredFailure } from './metered-errors.js';
export { type Caller, type MeteredDeps, type MeteredResult, type WorkOutcome, metered, openHold, type OpenHold } from './metered.js';
export type { Metering } from './metering.js';
