import '@testing-library/jest-dom';
import { toastStore } from '../components/toaster/toast-store';

// Before each test (not after): nothing is mounted yet, so the reset triggers no React update.
beforeEach(() => {
  toastStore.reset();
  window.localStorage.clear();
});
