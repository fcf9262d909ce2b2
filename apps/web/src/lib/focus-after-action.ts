/**
 * The one rule for the focus after an action (WCAG 2.4.3, decision 010): when an action disables,
 * replaces or removes the control that had the focus, the focus goes to what the user needs next
 * — the new content's heading, its first field, the result or the error that says why not —
 * instead of falling to the page's body, where a keyboard user starts over at the top and a screen
 * reader says nothing.
 *
 * `target` names that element; it is looked up once React has drawn the change (the next frames,
 * for up to `WAIT_MS`, while a lazy part or an answer arrives). The focus moves only while it is
 * lost (on the body, on a removed element) or still on the control that started the action: if
 * the user has moved on meanwhile, it stays where the user put it.
 */
export type FocusTarget = () => HTMLElement | null | undefined;

/** How long the target may take to appear: an answer of the server, a lazily loaded part. */
const WAIT_MS = 5000;

/** Elements the keyboard reaches by themselves; anything else (a heading) is made focusable by script only. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusIsLost(origin: Element | null): boolean {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    active === origin ||
    (active as HTMLButtonElement).disabled === true
  );
}

export function focusAfterAction(target: FocusTarget): void {
  const origin = document.activeElement;
  const started = performance.now();
  const attempt = () => {
    if (!focusIsLost(origin)) return;
    const element = target();
    const drawn = element?.isConnected && element.getClientRects().length > 0;
    // A button the action disabled takes the focus once it is enabled again.
    if (drawn && !(element as HTMLButtonElement).disabled) {
      if (!element.matches(FOCUSABLE)) element.tabIndex = -1;
      element.focus();
      return;
    }
    if (performance.now() - started < WAIT_MS) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** The target for content that opens with a heading: its first heading, or the element itself. */
export const headingOf =
  (container: FocusTarget): FocusTarget =>
  () => {
    const element = container();
    return element?.querySelector<HTMLElement>('h1, h2, h3, h4') ?? element;
  };

/**
 * The target for the end of an action that keeps its control (open a document, download a file),
 * taken when it starts: the control with the focus — or, for a menu's item (the menu closes with
 * the click), the menu's button.
 */
export function returnTarget(): FocusTarget {
  const origin = document.activeElement;
  if (!(origin instanceof HTMLElement) || origin === document.body) return () => null;
  const menuButton = origin.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return () => (menuButton ? document.getElementById(menuButton) : origin);
}
