/** Per-file setup of the `web` test project (happy-dom): each test starts from an empty page and store. */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens on it for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
