/**
 * Hands the router's navigate function to code outside React (lib/navigation.ts): the API
 * client's 401 redirect and the start-up session check. `replace`, because those screens
 * (expired token) should not leave the dead page behind in history.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => void navigate(to, { replace: true }));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
