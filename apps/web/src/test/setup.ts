/** Per-file setup of the `web` test project (happy-dom): each test starts from an empty page and store. */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
