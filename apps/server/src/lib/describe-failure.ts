/** What went wrong, in words for an operator: some errors (PGlite's WebAssembly) carry no message. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message.trim() || `${error.name} without a message`;
}
