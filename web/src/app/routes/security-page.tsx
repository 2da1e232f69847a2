import { SecurityOverview } from '@/features/security/components/security-overview';
import { UserAreaPage } from './user-area-page';

export function SecurityPage() {
  return (
    <UserAreaPage page="security" title="Segurança">
      <SecurityOverview />
    </UserAreaPage>
  );
}
