import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  MESSAGES,
  contactAnswerRequestSchema,
  contactRequestSchema,
  paginationQuerySchema,
  type ContactMessagesPage,
  type PaginationQuery,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { validate } from '../../common/pipes/zod-validation.pipe.js';
import { ContactService } from './contact.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

/** POST /api/contact: the contact / support form (public, rate-limited per IP). */
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post()
  @HttpCode(201)
  submit(
    @ValidBody(contactRequestSchema) body: z.output<typeof contactRequestSchema>,
    @Client() client: ClientInfo,
  ) {
    return this.contact.submit(body, client.ip);
  }
}

/** /api/admin/messages: the admins' 'Mensagens' (read and answer the contact form's messages). */
@Roles('admin')
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  list(@Query(validate(paginationQuerySchema)) q: PaginationQuery): Promise<ContactMessagesPage> {
    return this.contact.page(q.page, q.pageSize);
  }

  @Action(':id/answer')
  answer(
    @Param(
      'id',
      new ParseUUIDPipe({
        exceptionFactory: () => notFound('contact_message_not_found', MESSAGES.contact.notFound),
      }),
    )
    id: string,
    @ValidBody(contactAnswerRequestSchema) body: z.output<typeof contactAnswerRequestSchema>,
    @CurrentUser() admin: AuthenticatedUser,
  ) {
    return this.contact.answer(id, body.answer, admin.id);
  }
}
