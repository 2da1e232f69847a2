export function isPortFree(port: number, host?: string): Promise<boolean>;
export function freePort(): Promise<number>;
export function preferredPort(preferred: number): Promise<number>;
