import type { PGlite } from '@electric-sql/pglite';

/**
 * The parts of PGlite's Emscripten module (PGlite 0.5, PostgreSQL 18) this file reaches into.
 * `installHostExceptionBridge` checks each of them and refuses to start when one is missing, and
 * `pglite-host-exceptions.test.ts` fails if PGlite stops behaving as described below.
 */
interface PostgresModule {
  /** Runs Postgres's main loop for one protocol message; PGlite calls it through this property. */
  _PostgresMainLoopOnce(): void;
  _errstart(level: number, domain: number): number;
  _errcode(sqlState: number): void;
  _errmsg(format: number, variadicArguments: number): void;
  _errfinish(file: number, line: number, functionName: number): void;
  /** Addresses of Postgres's globals `PG_exception_stack` and `error_context_stack`. */
  _PG_exception_stack: number;
  _error_context_stack: number;
  /** The WebAssembly memory (its buffer is replaced when the memory grows). */
  wasmMemory: { buffer: ArrayBuffer };
  stackSave(): number;
  stackRestore(pointer: number): void;
  stringToUTF8OnStack(text: string): number;
}

/** elog.h: the level of an error that aborts the statement (and the transaction). */
const ERROR_LEVEL = 21;

/** Postgres's packing of a five-character SQLSTATE into an int (elog.h, MAKE_SQLSTATE). */
function packSqlState(code: string): number {
  return [...code].reduce(
    (packed, char, index) => packed + (((char.charCodeAt(0) - 48) & 0x3f) << (6 * index)),
    0,
  );
}

/** What a host exception becomes: the error PostgreSQL itself raises for the same cause. */
function postgresErrorFor(exception: Error): { sqlState: string; message: string } {
  if (exception instanceof RangeError) return { sqlState: '54001', message: 'stack depth limit exceeded' };
  return { sqlState: 'XX000', message: 'internal error of the embedded database' };
}

const bridged = new WeakSet<PGlite>();

/**
 * Makes a JavaScript exception thrown while Postgres runs inside PGlite an ordinary Postgres error.
 *
 * Postgres in WebAssembly recurses on the JavaScript engine's stack, which is far smaller than a
 * native one, and its own depth check (`max_stack_depth`) measures another stack: a deeply nested
 * regular expression or JSON value overflows V8's stack first, as a `RangeError`. PGlite catches
 * every exception of the main loop but handles only Postgres's own error jump; anything else it
 * drops. The statement then ends without an error and without its rows, and Postgres is left with
 * `PG_exception_stack` and `error_context_stack` pointing into frames that no longer exist. The
 * next error jumps into nothing, and PGlite retries the unconsumed input for ever — one core at
 * 100 %, the event loop blocked, the process deaf even to SIGTERM.
 *
 * This bridge wraps the main-loop entry. On a host exception it puts both pointers and the C
 * stack back as they were when the message began and raises the matching Postgres error through
 * Postgres's own `ereport` path, as a native server does on the same input (54001 for a stack
 * overflow): the statement fails with that error, the transaction is aborted, and the database
 * stays usable.
 */
export function installHostExceptionBridge(pglite: PGlite): void {
  if (bridged.has(pglite)) return;
  bridged.add(pglite);
  const module = postgresModuleOf(pglite);
  const runOnce = module._PostgresMainLoopOnce.bind(module);
  const pointerAt = (address: number) => new DataView(module.wasmMemory.buffer).getInt32(address, true);
  const setPointerAt = (address: number, value: number) =>
    new DataView(module.wasmMemory.buffer).setInt32(address, value, true);

  module._PostgresMainLoopOnce = () => {
    const exceptionStack = pointerAt(module._PG_exception_stack);
    const errorContext = pointerAt(module._error_context_stack);
    const stackPointer = module.stackSave();
    try {
      runOnce();
    } catch (exception) {
      // Postgres's own error jumps and exits are not Error objects; they stay PGlite's business.
      if (!(exception instanceof Error)) throw exception;
      setPointerAt(module._PG_exception_stack, exceptionStack);
      setPointerAt(module._error_context_stack, errorContext);
      module.stackRestore(stackPointer);
      raisePostgresError(module, postgresErrorFor(exception));
      throw exception;
    }
  };
}

/** `ereport(ERROR, (errcode(…), errmsg(…)))`: does not return, it jumps to Postgres's error handler. */
function raisePostgresError(module: PostgresModule, error: { sqlState: string; message: string }): void {
  if (!module._errstart(ERROR_LEVEL, 0)) return;
  module._errcode(packSqlState(error.sqlState));
  // The message has no `%`: it is its own format string and needs no arguments.
  module._errmsg(module.stringToUTF8OnStack(error.message), 0);
  module._errfinish(0, 0, 0);
}

const REQUIRED_FUNCTIONS = [
  '_PostgresMainLoopOnce',
  '_errstart',
  '_errcode',
  '_errmsg',
  '_errfinish',
  'stackSave',
  'stackRestore',
  'stringToUTF8OnStack',
] as const;

function postgresModuleOf(pglite: PGlite): PostgresModule {
  const module = (pglite as unknown as { mod?: Record<string, unknown> }).mod;
  const missing = [
    ...REQUIRED_FUNCTIONS.filter((name) => typeof module?.[name] !== 'function'),
    ...(['_PG_exception_stack', '_error_context_stack'] as const).filter(
      (name) => typeof module?.[name] !== 'number',
    ),
    ...((module?.['wasmMemory'] as { buffer?: unknown } | undefined)?.buffer instanceof ArrayBuffer
      ? []
      : ['wasmMemory']),
  ];
  if (missing.length > 0) {
    throw new Error(
      `PGlite's internals changed (missing ${missing.join(', ')}): see db/pglite-host-exceptions.ts before upgrading`,
    );
  }
  return module as unknown as PostgresModule;
}
