/**
 * A tooltip whose code (MUI's Tooltip with Popper, about 10 KiB gzip) is fetched the first time
 * the pointer or the keyboard reaches its element, not with the screen
 * (docs/requirements/quality-goals.md: first signed-in screen ≤ 250 KiB gzip). For tooltips on the
 * first paint (navbar, collapsed menu); it takes the part of MUI Tooltip's props this app uses.
 *
 * - The element is rendered as it is, with the accessible name MUI's Tooltip would give it (a
 *   string `title` becomes its `aria-label` unless it has one), from the first render on.
 * - It is never wrapped or re-mounted when the code arrives (that would drop keyboard focus):
 *   MUI's Tooltip renders beside it with a hidden stand-in child, its popup anchored to the
 *   element (`slotProps.popper.anchorEl`).
 * - Opening follows MUI's defaults: 100 ms after the mouse enters or the element gets keyboard
 *   focus (`:focus-visible`), closed when it leaves, on blur, and on Escape (MUI's own
 *   handler); moving onto the tooltip keeps it open (MUI's interactive popup). A touch does not
 *   open it (MUI waits for a long press there; the element's name is read out anyway).
 */
import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, Suspense, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { lazyWithPreload } from './lazy-with-preload.tsx';

const tooltip = lazyWithPreload(() => import('@mui/material/Tooltip'));

/** MUI Tooltip's default `enterDelay`, in ms. */
export const TOOLTIP_ENTER_DELAY_MS = 100;

/** Props of the child element the tooltip reads and extends. */
interface ChildProps {
  'aria-label'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface LazyTooltipProps {
  /** The tooltip's text; also the element's accessible name when it has none. */
  title: string;
  placement?: TooltipProps['placement'];
  /** One element that passes DOM event props on (as for MUI's Tooltip). */
  children: ReactElement<ChildProps>;
}

/** Whether `element` has focus from the keyboard (`:focus-visible`), as MUI's Tooltip checks. */
function hasVisibleFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without the selector: any focus counts, so the tooltip shows rather than not.
    return true;
  }
}

/** `children` with a tooltip whose code is fetched on first pointer or keyboard contact. */
export function LazyTooltip({ title, placement, children }: LazyTooltipProps) {
  /** The element, once the pointer or focus has reached it; the popup is anchored to it. */
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** MUI's Tooltip is loaded: it is rendered only then (see lazy-with-preload.tsx on why). */
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const enterTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(enterTimer.current), []);

  const show = (element: HTMLElement) => {
    setAnchor(element);
    tooltip.load().then(
      () => setReady(true),
      // Without its code the element still has its name; the next contact tries again.
      () => undefined,
    );
    window.clearTimeout(enterTimer.current);
    enterTimer.current = window.setTimeout(() => setOpen(true), TOOLTIP_ENTER_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(enterTimer.current);
    setOpen(false);
  };

  const own = children.props;
  const element = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') show(event.currentTarget);
      else tooltip.preload();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // The focus may land inside the element (a link in a wrapper), as MUI's Tooltip allows.
      if (hasVisibleFocus(event.target)) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {element}
      {anchor && ready && (
        <Suspense fallback={null}>
          <tooltip.Component
            title={title}
            placement={placement}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={hide}
            slotProps={{ popper: { anchorEl: anchor } }}
          >
            {/* The stand-in child MUI's Tooltip needs; the popup is anchored to `anchor`. */}
            <span hidden />
          </tooltip.Component>
        </Suspense>
      )}
    </>
  );
}
