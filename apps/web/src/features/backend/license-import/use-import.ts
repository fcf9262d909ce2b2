import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  ImportMapping,
  LicenseImportFinding,
  LicenseImportRun,
  LicenseImportUpload,
} from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** How often the page asks for a run's progress while it is queued or running. */
const POLL_MS = 1000;

const uploadPath = (id: string) => `/license-import-upload/${id}`;
export const IMPORT_RUNS_KEY = ['/license-import-run'] as const;

/** Whether a run of the upload is asked for or still going: the page polls then. */
export function isRunning(upload: LicenseImportUpload | undefined): boolean {
  return upload !== undefined && (upload.pending !== null || upload.run?.status === 'running');
}

/**
 * An uploaded file with its latest run, polled while a run is asked for or running; once the run
 * ends, the list of runs is read again (it shows the run's outcome).
 */
export function useImportUpload(id: string | null) {
  const client = useQueryClient();
  const upload = useQuery({
    queryKey: [uploadPath(id ?? '')],
    queryFn: ({ signal }) => apiRequest<{ upload: LicenseImportUpload }>(uploadPath(id!), { signal }),
    select: (data) => data.upload,
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data?.upload) ? POLL_MS : false),
  });
  const running = isRunning(upload.data);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: IMPORT_RUNS_KEY });
    wasRunning.current = running;
  }, [client, running]);
  return upload;
}

/** Asks for a dry run or the import; the answer is the upload with the run asked for. */
export function useRunRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { mapping: ImportMapping; dryRun: boolean; onlyValid: boolean }) =>
      apiRequest<{ upload: LicenseImportUpload }>(`${uploadPath(id)}/run`, { method: 'POST', body: request }),
    onSuccess: (data) => {
      client.setQueryData([uploadPath(id)], data);
      void client.invalidateQueries({ queryKey: IMPORT_RUNS_KEY });
    },
  });
}

/** The first findings of a finished run (the report's head), and how many it has. */
export function useFindings(run: LicenseImportRun | null) {
  const path = `/license-import-run/${run?._id ?? ''}/findings`;
  return useQuery({
    queryKey: [path, run?.status],
    queryFn: ({ signal }) =>
      apiRequest<{ findings: LicenseImportFinding[]; total: number }>(path, { signal }),
    enabled: run !== null && run.status !== 'running',
  });
}

/** The runs, newest first. */
export function useImportRuns(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...IMPORT_RUNS_KEY, page],
    queryFn: ({ signal }) =>
      apiRequest<{ runs: LicenseImportRun[]; total: number }>(IMPORT_RUNS_KEY[0], {
        signal,
        query: new URLSearchParams({ skip: String(page * pageSize), limit: String(pageSize) }).toString(),
      }),
  });
}

export const reportPath = (run: string) => `/license-import-run/${run}/report`;
