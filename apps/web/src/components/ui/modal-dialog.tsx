import { Modal, type ModalProps } from '@mantine/core';
import { useEffect } from 'react';

/**
 * Mantine's modal with the page behind it inert while it is open: its focus trap holds the Tab
 * key, but not a screen reader's reading cursor, nor a script's or a search's focus; `inert` on
 * the app's root (the modal is portalled to `body`, outside it) takes the page out of both, as a
 * native modal `<dialog>` does; `aria-hidden` says the same to what does not know `inert`. Removed as the modal starts to close, so its focus can return to
 * the button that opened it.
 */
export function ModalDialog(props: ModalProps) {
  const { opened } = props;
  useEffect(() => {
    const root = document.getElementById('root');
    if (!opened || !root) return;
    root.inert = true;
    // For what does not know `inert` yet (IBM's checker reads it as „not tabbable”).
    root.setAttribute('aria-hidden', 'true');
    return () => {
      root.inert = false;
      root.removeAttribute('aria-hidden');
    };
  }, [opened]);
  return <Modal {...props} />;
}
