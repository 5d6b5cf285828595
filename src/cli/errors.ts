/** The command line itself is wrong (unknown command or option, missing or malformed value): exit code 2. */
export class UsageError extends Error {
  readonly code = 'usage';

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command named an account that does not exist: exit code 1. */
export class UnknownUserError extends Error {
  readonly code = 'unknown_user';

  constructor(readonly email: string) {
    super(`no user with email ${email}`);
    this.name = 'UnknownUserError';
  }
}

/** The command named an API key that does not exist or is already revoked: exit code 1. */
export class UnknownKeyError extends Error {
  readonly code = 'unknown_key';

  constructor(readonly keyId: string) {
    super(`no active API key with id ${keyId}`);
    this.name = 'UnknownKeyError';
  }
}
