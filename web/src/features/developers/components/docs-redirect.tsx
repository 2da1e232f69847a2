import { useEffect } from 'react';

/** /docs inside the web app: the reference is served by the server (Swagger UI), so load it for real. */
export function DocsRedirect() {
  useEffect(() => {
    window.location.replace('/docs');
  }, []);
  return (
    <p className="mx-auto max-w-2xl px-4 py-24 text-center text-muted-foreground">
      Abrindo a <a href="/docs">referência da API</a>…
    </p>
  );
}
