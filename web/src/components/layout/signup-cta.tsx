import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/cn';

interface SignupCtaProps {
  title?: string;
  description?: string;
  className?: string;
}

/** The register and login call to action every static page carries. */
export function SignupCta({
  title = 'Comece a arbitrar com o Arbitra',
  description = 'Crie sua conta, conecte suas exchanges e teste seus bots no modo simulado.',
  className,
}: SignupCtaProps) {
  return (
    <section
      aria-label="Criar conta"
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl border border-primary/30 bg-primary/10 p-8 text-center',
        className,
      )}
    >
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <p className="max-w-xl text-muted-foreground">{description}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={ROUTES.register}>Criar conta grátis</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={ROUTES.login}>Entrar</Link>
        </Button>
      </div>
    </section>
  );
}
