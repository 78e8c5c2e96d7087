/**
 * Why a vendor cloud could not be read. `kind` is what the account's and the devices' pages show
 * (named in the web app's five languages); `message` is the technical detail for staff and logs,
 * never holding a credential. `retryAfterMs`, when the vendor says (or documents) how long to wait.
 */
export type SourceErrorKind = 'credentials' | 'quota' | 'down' | 'malformed' | 'session';

export class SourceError extends Error {
  constructor(public kind: SourceErrorKind, message: string, public retryAfterMs?: number) {
    super(message);
    this.name = 'SourceError';
  }
}
