/**
 * `sx` that hides text visually but keeps it for screen readers (the usual "sr-only" rule).
 * Used where a control shows a short mark (initials, a language code) and its accessible name
 * is longer: the name then comes from the element's content rather than `aria-label`, so the
 * visible text and the name never disagree (WCAG 2.5.3 "Label in Name").
 *
 * Sizes are strings: MUI's `sx` reads a number in (0, 1] as a fraction of the parent, so
 * `width: 1` would be 100 % and a long hidden text would widen the page.
 *
 * Inside a scroll container (a wide table in an `overflowX: 'auto'` box) the container needs
 * `position: 'relative'`: an absolutely positioned element is clipped only by scroll containers
 * that are also its containing block, so a hidden header at the far end of the table would
 * otherwise widen the page (on a phone the layout viewport grows to it and every fixed element
 * moves off screen).
 */
export const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
