import {
  Notifications as MantineNotifications,
  notifications,
  notificationsStore,
  type NotificationData,
  type NotificationsProps,
} from '@mantine/notifications';
import type { FocusEvent } from 'react';

/**
 * Mantine's toast container on its own, for `CoreProviders` to load with the first toast: a
 * dynamic import of the package itself would put the container into every page's first load with
 * the package's store, which the pages import statically.
 *
 * Toasts stay while the pointer is over one (Mantine's `pauseResetOnHover`) and, here, also while
 * the keyboard's focus is in one (WCAG 2.2.1): Mantine pauses on focus only in its stacked
 * layout, so each toast's own closing time is set aside while the focus is inside and given back
 * when it leaves — the toast then has its full time again, as after hovering.
 */
export function Notifications(props: NotificationsProps) {
  return <MantineNotifications {...props} onFocus={pauseToasts} onBlur={resumeToasts} />;
}

/** The closing time each toast had before the focus came in (`undefined`: the container's). */
const pausedToasts = new Map<string, NotificationData['autoClose']>();

function pauseToasts(): void {
  for (const toast of notificationsStore.getState().notifications) {
    if (toast.id === undefined || pausedToasts.has(toast.id)) continue;
    pausedToasts.set(toast.id, toast.autoClose);
    notifications.update({ ...toast, autoClose: false });
  }
}

function resumeToasts(event: FocusEvent<HTMLDivElement>): void {
  // Still inside the toasts (from one toast's button to the next).
  if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
  for (const toast of notificationsStore.getState().notifications) {
    if (toast.id !== undefined && pausedToasts.has(toast.id)) {
      notifications.update({ ...toast, autoClose: pausedToasts.get(toast.id) });
    }
  }
  pausedToasts.clear();
}
