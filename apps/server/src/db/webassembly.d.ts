/**
 * The part of the WebAssembly API the server uses (db/pglite-options.ts). Node has it as a global;
 * TypeScript declares it only in the DOM's library, which the server does not load.
 */
declare global {
  namespace WebAssembly {
    class Module {}
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

export {};
