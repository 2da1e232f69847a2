import { Controller, Get } from '@nestjs/common';
import type { PublicPlatformSettings } from '@arbitra/contracts';
import { Public } from '../../common/decorators/public.decorator.js';
import { SettingsService } from './settings.service.js';

/** GET /api/settings/public: the maintenance banner and whether registrations are open (anyone). */
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get('public')
  readPublic(): Promise<PublicPlatformSettings> {
    return this.settings.readPublic();
  }
}
