import {
  backOfficeMessages,
  DOWNLOAD_LIST,
  downloadLogMessages,
  formatLicenseKey,
  RELEASE_PRODUCT_LABELS,
} from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { EntityList, listTable } from '../lists/entity-list.tsx';

/** The table and its columns come after the list's first screen (decision 072). */
const TABLE = listTable(async () => (await import('./download-list-columns.tsx')).downloadColumns);

/**
 * `/backend/download`: the download log, newest first — every download link a license user asked
 * for. `?license={id}` arrives as a filter of the query builder (see the route's loader).
 */
export function DownloadListPage() {
  return (
    <Page>
      <EntityList
        list={DOWNLOAD_LIST}
        table={TABLE}
        idAccessor="_id"
        rowLabel={(record) =>
          downloadLogMessages.rowLabel(
            RELEASE_PRODUCT_LABELS[record.product],
            formatLicenseKey(record.license.key),
          )
        }
        emptyText={backOfficeMessages.noDownloads}
        errorTitle={backOfficeMessages.downloadsLoadFailed}
      />
    </Page>
  );
}
