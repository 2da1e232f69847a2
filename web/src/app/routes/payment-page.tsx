import { Checkout } from '@/features/payment/components/checkout';
import { UserAreaPage } from './user-area-page';

export function PaymentPage() {
  return (
    <UserAreaPage title="Pagamento">
      <Checkout />
    </UserAreaPage>
  );
}
