import { BotManager } from '@/features/bots/components/bot-manager';
import { UserAreaPage } from './user-area-page';

export function BotsPage() {
  return (
    <UserAreaPage title="Bots">
      <BotManager />
    </UserAreaPage>
  );
}
