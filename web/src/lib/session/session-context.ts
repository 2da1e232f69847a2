import { createContext } from 'react';
import type { SessionStore } from './session-store';

export const SessionContext = createContext<SessionStore | null>(null);
