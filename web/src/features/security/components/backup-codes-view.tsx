import { MESSAGES } from '@arbitra/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { saveFile, todayStamp } from '@/lib/download';
import { backupCodesText } from '../lib/two-factor-flow';

interface BackupCodesViewProps {
  codes: readonly string[];
  email: string;
  downloaded: boolean;
  onDownloaded: () => void;
  onDone: () => void;
}

/** The 10 backup codes, shown once, with the .txt download (DECISIONS §5). */
export function BackupCodesView({ codes, email, downloaded, onDownloaded, onDone }: BackupCodesViewProps) {
  const download = () => {
    saveFile(
      backupCodesText(codes, email),
      `arbitra-codigos-de-backup-${todayStamp()}.txt`,
      'text/plain;charset=utf-8',
    );
    toast({ title: MESSAGES.twoFactor.backupCodesDownloaded, variant: 'success' });
    onDownloaded();
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Use um destes códigos para entrar se perder o acesso ao aplicativo autenticador. Cada código funciona
        uma única vez e eles não serão mostrados de novo.
      </p>
      <ol
        aria-label="Códigos de backup"
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant={downloaded ? 'default' : 'outline'} onClick={onDone}>
          Concluir
        </Button>
        <Button variant={downloaded ? 'outline' : 'default'} onClick={download}>
          <Download aria-hidden />
          Baixar códigos (.txt)
        </Button>
      </div>
    </div>
  );
}
