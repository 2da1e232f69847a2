import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';

/**
 * Markdown of the knowledge base and the blog, rendered to React elements (react-markdown): raw HTML in the
 * source is dropped and link/image URLs go through react-markdown's safe-protocol filter, so nothing executes
 * (the CSP forbids inline scripts anyway). Links inside the site navigate without a reload; others open in a
 * new tab.
 */
const COMPONENTS: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href} className="font-medium text-primary underline underline-offset-4">
        {children}
      </Link>
    ) : (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-4"
      >
        {children}
      </a>
    ),
  h1: ({ children }) => <h2 className="mt-8 text-2xl font-bold tracking-tight">{children}</h2>,
  h2: ({ children }) => <h2 className="mt-8 text-xl font-semibold tracking-tight">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 text-lg font-semibold">{children}</h3>,
  p: ({ children }) => <p className="mt-4 leading-relaxed text-foreground/90">{children}</p>,
  ul: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6">{children}</ol>,
  li: ({ children }) => <li className="leading-relaxed text-foreground/90">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="mt-4 border-l-4 border-primary/50 bg-muted/40 px-4 py-2 text-foreground/90">
      {children}
    </blockquote>
  ),
  code: ({ children }) => (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 text-sm">{children}</pre>
  ),
  table: ({ children }) => (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th className="border-b border-border px-3 py-2 text-left font-semibold">{children}</th>
  ),
  td: ({ children }) => <td className="border-b border-border/60 px-3 py-2">{children}</td>,
};

export function Markdown({ source }: { source: string }) {
  return (
    <div className="text-base">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
