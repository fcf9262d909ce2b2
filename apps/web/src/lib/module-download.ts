import { useEffect, useState } from 'react';

/** A part of the app downloaded when it is first needed, once. */
export interface ModuleDownload<T> {
  /** Fetches it, or returns the fetch under way; after a failed download the next call asks again. */
  load(): Promise<T>;
  /** What arrived, once it has. */
  readonly arrived: T | null;
}

/** `importer` is the dynamic `import()`; `pick` takes what the app uses of the module. */
export function moduleDownload<Module, T>(
  importer: () => Promise<Module>,
  pick: (module: Module) => T,
): ModuleDownload<T> {
  let loading: Promise<T> | null = null;
  let arrived: T | null = null;
  return {
    load() {
      loading ??= importer().then(
        (module) => (arrived = pick(module)),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    get arrived() {
      return arrived;
    },
  };
}

export interface ModuleDownloadState<T> {
  /** The part, once downloaded (by this component or any other). */
  value: T | null;
  /** The download it waits for failed (no connection, a new release): `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

/** The part for a component that shows it: downloaded while `needed`; a failure is shown until `retry`. */
export function useModuleDownload<T>(download: ModuleDownload<T>, needed = true): ModuleDownloadState<T> {
  const [downloaded, setDownloaded] = useState<{ value: T } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const value = downloaded?.value ?? download.arrived;
  useEffect(() => {
    if (!needed || value) return;
    let current = true;
    download.load().then(
      (loaded) => current && setDownloaded({ value: loaded }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [download, needed, value, attempt]);
  return {
    value,
    failed: failed && !value,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}
