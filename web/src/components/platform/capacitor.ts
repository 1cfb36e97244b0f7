/** The slice of Capacitor's global the app uses; Capacitor injects it in the native shell only. */
export interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: {
    App?: {
      addListener: ((
        event: 'backButton',
        handler: (state: { canGoBack: boolean }) => void,
      ) => Promise<{ remove: () => Promise<void> }> | { remove: () => Promise<void> }) &
        ((
          event: 'resume',
          handler: () => void,
        ) => Promise<{ remove: () => Promise<void> }> | { remove: () => Promise<void> });
      exitApp: () => Promise<void> | void;
    };
  };
}

/** The Capacitor global when running in the native shell, else undefined (no dependency needed). */
export function capacitor(): CapacitorGlobal | undefined {
  return (window as unknown as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** True inside the Capacitor native shell (Android, iOS). */
export function isNativePlatform(): boolean {
  return capacitor()?.isNativePlatform?.() ?? false;
}
