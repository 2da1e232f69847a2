import { Controller, Get, Post, UseInterceptors } from '@nestjs/common';
import {
  MESSAGES,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginTwoFactorRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenRequestSchema,
  type LoginResponse,
  type LoginSuccessResponse,
  type MeResponse,
  type MessageResponse,
  type RegisterResponse,
} from '@arbitra/contracts';
import type { z } from 'zod';
import { Client } from '../../common/decorators/client.decorator.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { ErrorFieldInterceptor } from '../../common/interceptors/error-field.interceptor.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { Action, ValidBody } from '../../common/decorators/action.decorator.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
  ) {}

  /** 201 {user, token}; a new account starts the 7-day Profissional trial. */
  @Public()
  @Post('register')
  register(
    @ValidBody(registerRequestSchema) body: z.output<typeof registerRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<RegisterResponse> {
    return this.auth.register(body, client);
  }

  /** {access_token, user}, or {twoFactorRequired, challengeToken} when 2FA is on. Errors carry `error` too. */
  @Public()
  @Action('login')
  @UseInterceptors(ErrorFieldInterceptor)
  login(
    @ValidBody(loginRequestSchema) body: z.output<typeof loginRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<LoginResponse> {
    return this.auth.login(body, client);
  }

  @Public()
  @Action('login/2fa')
  @UseInterceptors(ErrorFieldInterceptor)
  loginTwoFactor(
    @ValidBody(loginTwoFactorRequestSchema) body: z.output<typeof loginTwoFactorRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<LoginSuccessResponse> {
    return this.auth.loginTwoFactor(body, client);
  }

  /** Ends this token's session on the server. */
  @Action('logout')
  async logout(
    @CurrentUser() user: AuthenticatedUser,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.auth.logout(user.id, user.sessionId, client);
    return { message: MESSAGES.auth.loggedOut };
  }

  @Get('me')
  async me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return { user: await this.auth.me(user.id) };
  }

  /** Always the same answer, whether or not the email exists. */
  @Public()
  @Action('forgot-password')
  async forgotPassword(
    @ValidBody(forgotPasswordRequestSchema) body: z.output<typeof forgotPasswordRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.resets.request(body.email, client);
    return { message: MESSAGES.auth.forgotPasswordSent };
  }

  /** Whether a reset link still works (the /reset-password page asks before showing the form). POST keeps the token out of URLs and logs. */
  @Public()
  @Action('reset-password/check')
  async checkReset(
    @ValidBody(resetTokenRequestSchema) body: z.output<typeof resetTokenRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<{ valid: boolean; message?: string }> {
    return (await this.resets.check(body.token, client))
      ? { valid: true }
      : { valid: false, message: MESSAGES.auth.resetLinkInvalid };
  }

  @Public()
  @Action('reset-password')
  async resetPassword(
    @ValidBody(resetPasswordRequestSchema) body: z.output<typeof resetPasswordRequestSchema>,
    @Client() client: ClientInfo,
  ): Promise<MessageResponse> {
    await this.resets.reset(body.token, body.password, client);
    return { message: MESSAGES.auth.passwordResetDone };
  }
}
