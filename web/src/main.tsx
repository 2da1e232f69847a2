import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('elemento #root ausente em index.html');

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task that blocks input on a slow phone (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
