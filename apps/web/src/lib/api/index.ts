export { ApiError, errorField, errorStatus, failedCall, type FailedCall } from './api-error.ts';
export { onUnauthorized } from './unauthorized.ts';
export { apiRequest } from './portal.ts';
export { downloadFile, saveBlob, type DownloadOptions } from './download.ts';
export { uploadFile } from './upload.ts';
