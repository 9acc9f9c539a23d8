import { CloseIcon } from "#app/components/icons.tsx";
import { useModalDialog } from "#app/lib/modal-dialog.ts";

/** Where the apps are: plain links to the stores (no store scripts or badges loaded from elsewhere). */
export const APP_LINKS = {
  ios: "https://apps.apple.com/us/app/nightcap-alcohol-delivery/id1000000000",
  android: "https://play.google.com/store/apps/details?id=com.nightcap.app",
} as const;

/**
 * The gift claim's download-app modal (spec §2): a native <dialog> (focus stays inside, Escape closes) that points
 * the recipient to the app to follow the delivery.
 */
export function DownloadAppModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog {...dialog} className="app-modal" aria-labelledby="app-modal-title">
      {open ? (
        <>
          <div className="app-modal__head">
            <h2 id="app-modal-title" className="app-modal__title">
              Get the Nightcap app
            </h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <p className="app-modal__text">
            Follow your gift to the door, get a text when the driver is close, and send a gift back in a few
            taps.
          </p>
          <div className="app-modal__stores">
            <a className="button button--primary button--block" href={APP_LINKS.ios} rel="noopener">
              Download on the App Store
            </a>
            <a className="button button--primary button--block" href={APP_LINKS.android} rel="noopener">
              Get it on Google Play
            </a>
          </div>
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            Not now
          </button>
        </>
      ) : null}
    </dialog>
  );
}
