/**
 * Mantine's toast container on its own, for `CoreProviders` to load with the first toast: a
 * dynamic import of the package itself would put the container into every page's first load with
 * the package's store, which the pages import statically.
 */
export { Notifications } from '@mantine/notifications';
