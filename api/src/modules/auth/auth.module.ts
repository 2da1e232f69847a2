import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from '../../common/guards/auth.guard.js';
import { RolesGuard } from '../../common/guards/roles.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { TokensService } from './tokens.service.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Register/login/logout, server-side sessions, password reset and 2FA. Registers the global
 * guards (in this order: session, then role).
 */
@Global()
@Module({
  controllers: [AuthController, SessionsController, TwoFactorController],
  providers: [
    TokensService,
    SessionsService,
    TwoFactorService,
    AuthService,
    PasswordResetService,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SessionsService, TwoFactorService, TokensService],
})
export class AuthModule {}
