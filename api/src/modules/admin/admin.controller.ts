import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import {
  MESSAGES,
  adminAuditQuerySchema,
  adminUpdateUserRequestSchema,
  adminUsersQuerySchema,
  type AdminAuditEntry,
  type AdminAuditQuery,
  type AdminUserSummary,
  type AdminUsersQuery,
  type Page,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminUsersService } from './admin-users.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/admin/*: admins only (403 'Acesso restrito a administradores' to anyone else). */
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly audit: AuditService,
  ) {}

  @Get('users')
  listUsers(@Query(validate(adminUsersQuerySchema)) q: AdminUsersQuery): Promise<Page<AdminUserSummary>> {
    return this.users.list(q);
  }

  @Patch('users/:id')
  async updateUser(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body(validate(adminUpdateUserRequestSchema)) body: z.output<typeof adminUpdateUserRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string; user: AdminUserSummary }> {
    if (!UUID.test(id)) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
    return { message: MESSAGES.admin.userUpdated, user: await this.users.update(admin, id, body, client) };
  }

  /** Every user's security events, newest first. */
  @Get('audit')
  listAudit(@Query(validate(adminAuditQuerySchema)) q: AdminAuditQuery): Promise<Page<AdminAuditEntry>> {
    return this.audit.listAll({ userId: q.userId, action: q.action }, q.page, q.pageSize);
  }
}
