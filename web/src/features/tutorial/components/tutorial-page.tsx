import { Link } from 'react-router-dom';
import { DocumentTitle } from '@/components/layout/document-title';
import { SignupCta } from '@/components/layout/signup-cta';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { ROUTES } from '@/config/routes';
import { TUTORIAL_STEPS } from '../data/tutorial-steps';
import { useTutorial } from '../hooks/use-tutorial';
import { isLastStep } from '../lib/tutorial-state';
import { StepContent } from './content-blocks';
import { StepList } from './step-list';
import { TutorialControls } from './tutorial-controls';

export function TutorialPage() {
  const { state, dispatch } = useTutorial(TUTORIAL_STEPS);
  const step = TUTORIAL_STEPS[state.current] ?? TUTORIAL_STEPS[0];
  if (!step) return null;
  const Icon = step.icon;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-14 sm:px-6">
      <DocumentTitle title="Tutorial" />
      <PageHeader
        eyebrow="Tutorial interativo"
        title="Aprenda arbitragem passo a passo"
        description={`${TUTORIAL_STEPS.length} etapas curtas, do conceito ao seu primeiro bot.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={ROUTES.home}>Voltar ao site</Link>
            </Button>
            <Button asChild>
              <Link to={ROUTES.login}>Entrar</Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <StepList
          steps={TUTORIAL_STEPS}
          state={state}
          onSelect={(index) => dispatch({ type: 'goTo', index })}
        />
        <Card>
          <CardHeader className="gap-4">
            <div className="flex items-center gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <div className="flex flex-col gap-1">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  Etapa {state.current + 1} de {TUTORIAL_STEPS.length}
                </p>
                <h2 className="text-2xl font-bold tracking-tight">{step.title}</h2>
                <p className="text-sm text-muted-foreground">{step.description}</p>
              </div>
            </div>
            <Progress value={state.stepProgress} label="Progresso da etapa" />
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <StepContent content={step.content} />
            <TutorialControls
              state={state}
              isLast={isLastStep(state, TUTORIAL_STEPS.length)}
              dispatch={dispatch}
            />
          </CardContent>
        </Card>
      </div>
      <SignupCta />
    </div>
  );
}
