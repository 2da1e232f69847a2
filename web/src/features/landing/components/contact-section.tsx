import { Headphones, Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { Section } from './section';

export function ContactSection() {
  return (
    <Section
      id="contact"
      eyebrow="Contato"
      title="Fale com a gente"
      description="Dúvidas sobre planos, parcerias ou imprensa? Nosso time responde em português."
      className="bg-card/30"
    >
      <div className="flex flex-col items-center gap-10">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline" size="lg">
            <Link to={ROUTES.contact}>
              <Mail aria-hidden />
              Enviar mensagem
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={ROUTES.support}>
              <Headphones aria-hidden />
              Suporte
            </Link>
          </Button>
        </div>
        <div className="flex w-full max-w-3xl flex-col items-center gap-4 rounded-xl border border-primary/30 bg-primary/10 p-8 text-center">
          <h3 className="text-2xl font-bold">Pronto para começar?</h3>
          <p className="text-muted-foreground">
            Crie sua conta, conecte suas exchanges e teste seus bots no modo simulado.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={ROUTES.register}>Começar Grátis</Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to={ROUTES.login}>Já tenho conta</Link>
            </Button>
          </div>
        </div>
      </div>
    </Section>
  );
}
