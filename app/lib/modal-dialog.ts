import { useEffect, useRef } from "react";

/**
 * A native <dialog> shown as a modal while `open` (focus stays inside, the page behind is inert): its ref and the
 * handlers that close it on Escape, on a click on the backdrop, and when the browser closes it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onClose,
    onClick: (event: React.MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === "Escape") onClose();
    },
  };
}
