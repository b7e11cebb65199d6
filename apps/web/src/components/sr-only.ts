/**
 * `sx` that hides text visually but keeps it for screen readers (the usual "sr-only" rule).
 * Used where a control shows a short mark (initials, a language code) and its accessible name
 * is longer: the name then comes from the element's content rather than `aria-label`, so the
 * visible text and the name never disagree (WCAG 2.5.3 "Label in Name").
 */
export const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
