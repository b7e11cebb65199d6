/**
 * Sets `document.title` to "<screen> · DineDesk" while the calling screen is mounted;
 * `enabled: false` leaves the title to an enclosing screen.
 */
import { useEffect } from 'react';

export function useDocumentTitle(screen: string, appName = 'DineDesk', enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const previous = document.title;
    document.title = screen ? `${screen} · ${appName}` : appName;
    return () => {
      document.title = previous;
    };
  }, [screen, appName, enabled]);
}
