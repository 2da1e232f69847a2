const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small server-rendered pt-BR page (the one-click unsubscribe links of emails answer with one). */
export function simplePage(title: string, text: string, link: { href: string; label: string }): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} - Arbitra</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f5f7fb;color:#1f2937;padding:48px 16px">
<main style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px"><h1 style="font-size:20px">${escape(title)}</h1>
<p>${escape(text)}</p><p><a href="${escape(link.href)}">${escape(link.label)}</a></p></main></body></html>`;
}
