/**
 * React and React DOM, evaluated on their own (main.tsx imports this module first, then the app one task later):
 * on a slow phone evaluating react-dom is a long task by itself, and evaluating it with the router, the session
 * and the page in the same task made the page's longest one (issue 33). Importing it here runs its module code;
 * the app's modules then find it evaluated.
 */
import 'react';
import 'react/jsx-runtime';
import 'react-dom';
import 'react-dom/client';
