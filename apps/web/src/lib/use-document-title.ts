/** Sets `document.title` to "<screen> · DineDesk" while the calling screen is mounted. */
import { useEffect } from 'react';

export function useDocumentTitle(screen: string, appName = 'DineDesk'): void {
  useEffect(() => {
    const previous = document.title;
    document.title = screen ? `${screen} · ${appName}` : appName;
    return () => {
      document.title = previous;
    };
  }, [screen, appName]);
}
