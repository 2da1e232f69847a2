import { COMMON_MESSAGES } from '@arbitra/contracts';
import { ApiError } from '@/lib/api-error';
import { getSessionStore } from '@/lib/session/session-store';
import { TIME_ZONE } from '@/lib/format';

/** Saves text as a file in the browser (a download the user keeps). */
export function saveFile(content: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Today in São Paulo as YYYY-MM-DD, for file names. */
export function todayStamp(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Downloads a file the server makes (a CSV export) with the session's Bearer token: a plain link cannot
 * send it. Errors are the server's pt-BR message, else `fallbackMessage`.
 */
export async function downloadFromApi(
  path: string,
  params: Record<string, string | number | undefined>,
  fallbackName: string,
  fallbackMessage: string,
): Promise<void> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const token = getSessionStore().getToken();
  let res: Response;
  try {
    res = await fetch(`${path}?${search.toString()}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(COMMON_MESSAGES.connectionError, 0);
  }
  if (!res.ok) {
    if (res.status === 401) getSessionStore().signOut();
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message ?? fallbackMessage, res.status);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
