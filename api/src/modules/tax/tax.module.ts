import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module.js';
import { UsersModule } from '../users/users.module.js';
import { TaxController } from './tax.controller.js';
import { TaxService } from './tax.service.js';

/** The tax report 'Impostos' (issue 15 §3, §4). */
@Module({
  imports: [DatabaseModule, UsersModule],
  controllers: [TaxController],
  providers: [TaxService],
})
export class TaxModule {}
