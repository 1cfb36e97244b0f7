/** A market file that cannot be imported at all (missing file, wrong header): nothing was written. */
export class MarketImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketImportError';
  }
}
