/** A backup or restore that cannot be done, with what the operator should know or do (no stack). */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}
