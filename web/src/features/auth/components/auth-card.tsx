import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/layout/document-title';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The card every sign-in, sign-up and password page sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Card className="shadow-xl shadow-black/30">
      <DocumentTitle title={title} />
      <CardHeader className="p-6 pb-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children ? <CardContent className="flex flex-col gap-4 px-6">{children}</CardContent> : null}
      {footer ? (
        <CardFooter className="flex-col gap-2 px-6 pt-2 pb-6 text-center text-sm text-muted-foreground">
          {footer}
        </CardFooter>
      ) : null}
    </Card>
  );
}
