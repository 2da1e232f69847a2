import { Controller, Get, Query } from '@nestjs/common';
import { paginationQuerySchema, type AuditEntry, type Page, type PaginationQuery } from '@arbitra/contracts';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import type { AuthenticatedUser } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { AuditService } from './audit.service.js';

/** 'Atividade recente' on /security: the user's own security events. */
@Controller('user/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query(validate(paginationQuerySchema)) q: PaginationQuery,
  ): Promise<Page<AuditEntry>> {
    return this.audit.listForUser(user.id, q.page, q.pageSize);
  }
}
