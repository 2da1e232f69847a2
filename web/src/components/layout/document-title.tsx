/** Sets the browser tab title (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Arbitra` : 'Arbitra · Arbitragem de criptomoedas em tempo real'}</title>;
}
