import { Controller, Get, Header, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  MESSAGES,
  adminAuditQuerySchema,
  adminCreateUserRequestSchema,
  adminGrantPlanRequestSchema,
  adminReasonRequestSchema,
  adminSettingsUpdateSchema,
  adminUpdateUserRequestSchema,
  adminUsersQuerySchema,
  type AdminAuditEntry,
  type AdminAuditQuery,
  type AdminFailedJob,
  type AdminSystemOverview,
  type AdminOverview,
  type AdminRevenueReport,
  type AdminSecurityStats,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersQuery,
  type Page,
  type PlatformSettings,
} from '@arbitra/contracts';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { AuditService } from '../audit/audit.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { AdminReportsService } from './admin-reports.service.js';
import { AdminSystemService } from './admin-system.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userId = (id: string) => {
  if (!UUID.test(id)) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
  return id;
};

const monthsQuerySchema = z.strictObject({
  months: z.coerce.number({ error: MESSAGES.common.invalidRequest }).int().min(1).max(60).default(12),
});
const daysQuerySchema = z.strictObject({
  days: z.coerce.number({ error: MESSAGES.common.invalidRequest }).int().min(1).max(365).default(30),
});
const systemQuerySchema = z.strictObject({
  /** 'history': with the platform's live points of the last 15 minutes (the Sistema page's charts, once). */
  include: z.enum(['history'], { error: MESSAGES.common.invalidRequest }).optional(),
});

/** /api/admin/*: admins only (403 'Acesso restrito a administradores' to anyone else); every mutation audited. */
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly reports: AdminReportsService,
    private readonly system: AdminSystemService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
  ) {}

  @Get('overview')
  overview(): Promise<AdminOverview> {
    return this.reports.overview();
  }

  @Get('users')
  listUsers(@Query(validate(adminUsersQuerySchema)) q: AdminUsersQuery): Promise<Page<AdminUserSummary>> {
    return this.users.list(q);
  }

  @Post('users')
  async createUser(
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(adminCreateUserRequestSchema) body: z.output<typeof adminCreateUserRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string; user: AdminUserSummary }> {
    return { message: MESSAGES.admin.userCreated, user: await this.users.create(admin, body, client) };
  }

  @Get('users/:id')
  userDetail(@Param('id') id: string): Promise<AdminUserDetail> {
    return this.users.detail(userId(id));
  }

  @Patch('users/:id')
  async updateUser(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(adminUpdateUserRequestSchema) body: z.output<typeof adminUpdateUserRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string; user: AdminUserSummary }> {
    return {
      message: MESSAGES.admin.userUpdated,
      user: await this.users.update(admin, userId(id), body, client),
    };
  }

  @Action('users/:id/grant')
  async grant(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(adminGrantPlanRequestSchema) body: z.output<typeof adminGrantPlanRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    await this.users.grantPlan(admin, userId(id), body.plan, body.days, body.reason, client);
    return { message: MESSAGES.admin.planGranted };
  }

  @Action('users/:id/invite')
  async resendInvite(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(adminReasonRequestSchema) body: z.output<typeof adminReasonRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    await this.users.resendInvite(admin, userId(id), body.reason, client);
    return { message: MESSAGES.admin.inviteSent };
  }

  @Action('users/:id/sessions/:sessionId/revoke')
  async revokeSession(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Param('sessionId') sessionId: string,
    @ValidBody(adminReasonRequestSchema) body: z.output<typeof adminReasonRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    if (!UUID.test(sessionId)) throw notFound('session_not_found', MESSAGES.common.notFound);
    await this.users.revokeSession(admin, userId(id), sessionId, body.reason, client);
    return { message: MESSAGES.admin.sessionRevoked };
  }

  /** Every user's security events, newest first (search by user, event and dates). */
  @Get('audit')
  listAudit(@Query(validate(adminAuditQuerySchema)) q: AdminAuditQuery): Promise<Page<AdminAuditEntry>> {
    return this.audit.listAll(
      { userId: q.userId, action: q.action, user: q.user, from: q.from, to: q.to },
      q.page,
      q.pageSize,
    );
  }

  @Get('security/stats')
  securityStats(
    @Query(validate(daysQuerySchema)) q: z.output<typeof daysQuerySchema>,
  ): Promise<AdminSecurityStats> {
    return this.reports.securityStats(q.days);
  }

  @Get('revenue')
  revenue(
    @Query(validate(monthsQuerySchema)) q: z.output<typeof monthsQuerySchema>,
  ): Promise<AdminRevenueReport> {
    return this.reports.revenueReport(q.months);
  }

  @Get('revenue/export')
  @Header('Cache-Control', 'no-store')
  async revenueCsv(
    @Query(validate(monthsQuerySchema)) q: z.output<typeof monthsQuerySchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const { filename, csv } = await this.reports.revenueCsv(q.months);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    return csv;
  }

  @Get('system')
  systemOverview(
    @Query(validate(systemQuerySchema)) q: z.output<typeof systemQuerySchema>,
  ): Promise<AdminSystemOverview> {
    return this.system.overview(Date.now(), q.include === 'history');
  }

  @Get('system/failed-jobs')
  failedJobs(): Promise<AdminFailedJob[]> {
    return this.system.failedJobs();
  }

  @Action('system/queues/:queue/jobs/:id/retry')
  async retryJob(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('queue') queue: string,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    await this.system.retry(admin, queue, id, client);
    return { message: MESSAGES.admin.jobRetried };
  }

  @Action('system/queues/:queue/jobs/:id/remove')
  async removeJob(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('queue') queue: string,
    @Param('id') id: string,
    @Client() client: ClientInfo,
  ): Promise<{ message: string }> {
    await this.system.remove(admin, queue, id, client);
    return { message: MESSAGES.admin.jobRemoved };
  }

  @Get('settings')
  readSettings(): Promise<PlatformSettings> {
    return this.settings.read();
  }

  @Put('settings')
  async updateSettings(
    @CurrentUser() admin: AuthenticatedUser,
    @ValidBody(adminSettingsUpdateSchema) body: z.output<typeof adminSettingsUpdateSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ message: string; settings: PlatformSettings }> {
    return {
      message: MESSAGES.admin.settingsSaved,
      settings: await this.settings.update(admin, body, client),
    };
  }
}
