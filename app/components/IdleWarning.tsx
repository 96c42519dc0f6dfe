import * as Dialog from "@radix-ui/react-dialog";
import { Form } from "@remix-run/react";
import { useState } from "react";

/**
 * 'Are you still there?' (spec 001 §4 'Session idle') as a Radix dialog of its own, portalled to
 * the end of the page: over a letter or RAN dialog it is the top layer (issue 34 item 9), so it
 * takes the pointer and the focus, and its Enter and Escape stop here. The dialog under it keeps
 * what was typed, and gets the focus back when this one closes. Loaded when the warning is near
 * (IdleTimeout), so Radix stays out of the first load of pages that open no dialog. 'No, log me
 * out.' posts the same form as the menu's Logout.
 */
export function IdleWarning({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  // No Radix Trigger opened it: remember what had the focus (a letter box, a RAN field) to give it back.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        // Escape counts as 'Yes': the person is clearly there.
        if (!open) onStay();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="idle-dialog__overlay" />
        <Dialog.Content
          className="idle-dialog"
          aria-describedby={undefined}
          // Only the two answers answer it: a click beside it neither signs out nor stays.
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener?.isConnected && opener !== document.body) opener.focus();
          }}
        >
          <Dialog.Title asChild>
            <h2>Are you still there?</h2>
          </Dialog.Title>
          <div className="idle-dialog__actions">
            <button type="button" className="button button--primary" onClick={onStay}>
              Yes, I need more time.
            </button>
            <Form method="post" action="/logout" replace onSubmit={onLeave}>
              <button type="submit" className="button">
                No, log me out.
              </button>
            </Form>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
