import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminUsersService } from './admin-users.service.js';

@Module({
  controllers: [AdminController],
  providers: [AdminUsersService],
})
export class AdminModule {}
