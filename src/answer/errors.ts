/** Why an answer could not be given. Each is an error of the call: nothing is charged. */
export class NoAnswerError extends Error {
  constructor(
    /** `no_results`: the search found no page to read. `no_pages`: every page failed. */
    readonly kind: 'no_results' | 'no_pages',
    message: string,
  ) {
    super(message);
    this.name = 'NoAnswerError';
  }
}
