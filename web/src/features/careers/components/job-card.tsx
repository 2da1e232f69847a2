import { Briefcase, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ROUTES } from '@/config/routes';
import type { Job } from '../data/careers-content';

export function JobCard({ job }: { job: Job }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap gap-2">
          <Badge>{job.department}</Badge>
          <Badge variant="outline">{job.level}</Badge>
        </div>
        <CardTitle>{job.title}</CardTitle>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden />
            {job.location}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {job.type}
          </span>
        </p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="text-sm text-muted-foreground">{job.description}</p>
        <ul className="list-inside list-disc text-sm text-muted-foreground marker:text-primary">
          {job.requirements.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to={ROUTES.contact}>
            <Briefcase aria-hidden />
            Candidatar-se
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
