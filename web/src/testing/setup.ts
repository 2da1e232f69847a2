import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait on conditions; 1 s (the default) is too short on a busy machine (issue 13, finding 8).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
