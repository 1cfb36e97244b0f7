import { WALK_MSG } from '@flaneur/schema';
import { isNativePlatform } from '../../../components/platform/capacitor';

/**
 * How to allow the location again on this device, once it was refused: the browser never asks twice, so the
 * steps depend on where the app runs (the shell, Safari on iPhone, Chrome or Firefox on Android, a computer).
 */
export function permissionHelp(userAgent: string = navigator.userAgent, native: boolean = isNativePlatform()): string {
  if (native) return WALK_MSG.trackingDeniedNative;
  if (/iPhone|iPad|iPod/.test(userAgent)) return WALK_MSG.trackingDeniedIos;
  if (/Firefox|FxiOS/.test(userAgent)) return WALK_MSG.trackingDeniedFirefox;
  if (/Android/.test(userAgent)) return WALK_MSG.trackingDeniedAndroidChrome;
  return WALK_MSG.trackingDeniedDesktop;
}
