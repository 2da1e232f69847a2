import { Controller, Get } from '@nestjs/common';
import { supportedExchanges, type SupportedExchange } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';

@Controller('exchanges')
export class SupportedExchangesController {
  /** SPEC §7: no auth. From contracts EXCHANGES (requires_passphrase is data, per exchange). */
  @Public()
  @Get('supported')
  supported(): SupportedExchange[] {
    return supportedExchanges();
  }
}
