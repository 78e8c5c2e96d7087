/**
 * Web test setup: jest-dom matchers, a clean localStorage/sessionStorage per test, and the browser
 * APIs jsdom lacks that MUI and the app use (matchMedia, scrollTo).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

function stubMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

// react-admin screens render in several passes; on a loaded CI machine 1 s (the default) is too short.
configure({ asyncUtilTimeout: 5000 });

stubMatchMedia();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
