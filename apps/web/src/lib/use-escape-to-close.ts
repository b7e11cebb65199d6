/**
 * Esc closes the open detail panel (reviews, complaints, tickets). A key something inside already
 * handled (a popup of the mention input, a menu) is left to it: `defaultPrevented`.
 */
import { useEffect } from 'react';

export function useEscapeToClose(onClose: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
}
