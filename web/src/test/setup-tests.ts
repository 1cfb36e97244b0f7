import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { toastStore } from '../components/toaster/toast-store';

// Lazy route chunks can take more than the default 1 s to load on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 4000 });

// jsdom lays nothing out and reports window.scrollTo as not implemented: the shell scrolls a new screen to its top.
window.scrollTo = () => undefined;

// Before each test (not after): nothing is mounted yet, so the reset triggers no React update.
beforeEach(() => {
  toastStore.reset();
  window.localStorage.clear();
});
