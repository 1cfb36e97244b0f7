import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** The message web/public/sw.js posts when a notification is clicked with the app already open. */
export const NOTIFICATION_CLICK_MESSAGE = 'flaneur:notification-click';

/** A same-origin path ("/history", "/messages/3?x#y"), or null for anything else. */
export function appPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

/** Mounted once in the shell: routes a clicked alert's address inside the open app (no reload). */
export function NotificationClickNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      const path = data?.type === NOTIFICATION_CLICK_MESSAGE ? appPath(data.url) : null;
      if (path) void navigate(path);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
  return null;
}
