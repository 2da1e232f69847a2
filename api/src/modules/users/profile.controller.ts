import { Controller, Delete, Get, Header, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  MESSAGES,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  deleteAccountRequestSchema,
  updateProfileRequestSchema,
  type MessageResponse,
  type ProfileResponse,
  type UpdateProfileResponse,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AccountService } from './account.service.js';
import { UsersService } from './users.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

@Controller('user')
export class ProfileController {
  constructor(
    private readonly users: UsersService,
    private readonly account: AccountService,
  ) {}

  @Get('profile')
  async profile(@CurrentUser() user: AuthenticatedUser): Promise<ProfileResponse> {
    return { user: await this.users.profile(user.id) };
  }

  @Put('profile')
  async update(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(updateProfileRequestSchema) body: z.output<typeof updateProfileRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<UpdateProfileResponse> {
    const { user: profile, pendingEmail } = await this.users.updateProfile(user, body, client);
    return pendingEmail
      ? { message: MESSAGES.profile.emailChangePending(pendingEmail), user: profile, pendingEmail }
      : { message: MESSAGES.profile.updated, user: profile };
  }

  /** The link mailed to a new address (the /confirm-email page posts its token): the account moves to it. */
  @Public()
  @Action('email/confirm')
  async confirmEmail(
    @ValidBody(confirmEmailRequestSchema) body: z.output<typeof confirmEmailRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.users.confirmEmail(body.token, client);
    return { message: MESSAGES.profile.emailChangeConfirmed };
  }

  /** The security page's change-password form. Other sessions end. */
  @Action('password')
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(changePasswordRequestSchema) body: z.output<typeof changePasswordRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.users.changePassword(user, body.currentPassword, body.newPassword, client);
    return { message: MESSAGES.profile.passwordChanged };
  }

  /** 'Exportar meus dados': a JSON download. */
  @Get('export')
  @Header('Cache-Control', 'no-store')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Client() client: ClientInfo,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Record<string, unknown>> {
    const data = await this.account.export(user, client);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="arbitra-meus-dados-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return data;
  }

  /** 'Excluir conta': {password, code?}. */
  @Delete('account')
  async deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(deleteAccountRequestSchema) body: z.output<typeof deleteAccountRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.account.delete(user, body.password, body.code, client);
    return { message: MESSAGES.profile.accountDeleted };
  }
}
