/**
 * The model's reply still did not validate after the one retry. What both tries cost is charged
 * (the model did the work asked), the page is not; `charged` and `balance` say what the ledger did.
 */
export class ExtractionFailedError extends Error {
  constructor(
    readonly problems: readonly string[],
    readonly charged: number,
    readonly balance: number,
  ) {
    super(`The model's reply did not match the schema, also after a retry: ${problems.join('; ')}`);
    this.name = 'ExtractionFailedError';
  }
}
